// The bar of a record being watched (issue #8): where the replay stands, the steps, and what was
// done last; at the end, every hand. Python decides what each step shows (bridge.replay_*); this
// module only lays it out. The controller (app.js) wires the handlers.

import { cardFigure, h, withTerms } from "./render.js";
import { t } from "./i18n.js";

function seatName(snap, seat) {
  return snap.seats?.[seat]?.name ?? t("ui.seat.number", { n: seat });
}

/** Draw the replay bar for `snap` (hidden when no record is watched). */
export function renderReplayBar(snap, bar, handlers, busy) {
  const replay = snap?.replay;
  bar.hidden = !replay;
  document.body.classList.toggle("watching", Boolean(replay));
  if (!replay) {
    bar.replaceChildren();
    return;
  }
  const { step, steps } = replay;
  const button = (id, text, title, target, disabled) => h("button", {
    type: "button", id, title, disabled: busy || disabled, text,
    onclick: () => handlers.go(target),
  });
  const last = replay.last
    ? t("ui.colon", { label: seatName(snap, replay.last.seat), text: replay.last.action })
    : t("ui.replay.dealt");
  const children = [
    h("p", { class: "replay-where", id: "replay-where", tabindex: "-1" },
      h("b", { text: replay.title ?? t("ui.replay.watching") }), ` \u2014 ${t("ui.replay.step", { step, steps })} `,
      h("span", { class: "replay-last" }, withTerms(last))),
    h("div", { class: "replay-steps", role: "group", "aria-label": t("ui.replay.steps") },
      button("replay-start", `\u00ab ${t("ui.replay.start")}`, t("ui.replay.start.title"), 0, step === 0),
      button("replay-back", `\u25c0 ${t("ui.replay.back")}`, t("ui.replay.back.title"), step - 1, step === 0),
      button("replay-forward", `${t("ui.replay.forward")} \u25b6`, t("ui.replay.forward.title"), step + 1, step === steps),
      button("replay-end", `${t("ui.replay.end")} \u00bb`, t("ui.replay.end.title"), steps, step === steps)),
    h("div", { class: "replay-actions" },
      h("button", { type: "button", id: "replay-play-on", class: "primary", disabled: busy || !replay.can_play_on,
        title: t("ui.replay.play_on.title"),
        onclick: handlers.playOn, text: t("ui.replay.play_on") }),
      h("button", { type: "button", id: "replay-close", disabled: busy, onclick: handlers.close,
        text: t("ui.replay.close") })),
  ];
  if (replay.caption) {  // the lines of the source that tell this step, and a note
    const c = replay.caption;
    // The poem's lines (or the pamphlet's words) stay as written, in English; in another
    // language the engine sends their translation, shown beside them.
    children.splice(1, 0, h("figure", { class: "replay-caption" },
      h("blockquote", { class: "poem", lang: "en", text: c.text }),
      c.translation ? h("p", { class: "poem-translation", text: c.translation }) : null,
      h("figcaption", {}, h("cite", { text: c.where ?? c.lines }), ". ", withTerms(c.note ?? ""))));
  }
  if (replay.hands) {
    children.push(h("div", { class: "replay-hands" },
      replay.hands.map((cards, seat) => h("div", { class: "replay-hand" },
        h("h3", { text: seatName(snap, seat) }),
        h("div", { class: "replay-cards" }, cards.map((card) => cardFigure(card, "small")))))));
  }
  bar.replaceChildren(...children);
  markCards(replay.marks, replay.mark_words);
}

const SHOWN_MARKS = ["probable", "inferred"];

/** A scenario's uncertain cards carry their mark wherever they are drawn (trick, hands, hand):
 * `data-mark` the mark, `data-mark-word` its word in the reader's language (the engine's
 * `mark_words`, "inferred: not told by the poem", up to the colon), which the card shows. */
function markCards(marks, words) {
  for (const node of document.querySelectorAll("#trick [data-code], #hand [data-code], #replay-bar [data-code]")) {
    const mark = marks?.[node.dataset.code];
    node.classList.toggle("mark-probable", mark === "probable");
    node.classList.toggle("mark-inferred", mark === "inferred");
    if (mark && SHOWN_MARKS.includes(mark)) {
      node.dataset.mark = mark;
      node.dataset.markWord = (words?.[mark] ?? mark).split(":")[0];
    } else {
      delete node.dataset.mark;
      delete node.dataset.markWord;
    }
  }
}
