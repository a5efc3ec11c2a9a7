// host.js: what the game tells the page that frames it (issue #8; docs/embed-events.md).
//
// Each message is a plain object {"source": "ombre", "version": 1, "type": ..., ...}, posted to
// the parent window only when the game is framed. Its target origin is "*": the game cannot know
// who frames it, and a message holds nothing private (the visitor's own deal, once it is over).
// The game takes no message from the host: anything sent to it is ignored.

export const EVENTS_VERSION = 1;

const framed = (() => {
  try { return window.parent !== window; } catch { return true; }
})();

/** Post {"source": "ombre", "version", "type", ...detail} to the framing page, if any. */
export function tellHost(type, detail = {}) {
  if (!framed) return;
  try {
    window.parent.postMessage({ ...detail, source: "ombre", version: EVENTS_VERSION, type }, "*");
  } catch { /* a host that cannot receive is not the game's problem */ }
}

/** The deal-finished message's result, from the snapshot the engine gave (no rule here). */
export function dealFinished(snap) {
  const r = snap.result ?? {};
  return {
    deal: snap.deal_number,
    rules: snap.rules?.id,
    outcome: r.outcome,
    title: r.title,
    ombre: r.ombre,
    human: snap.human,
    tricks: r.tricks,
    payments: r.payments,
    balances: snap.ledger?.balances,
  };
}
