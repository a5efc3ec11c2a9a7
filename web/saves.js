// saves.js: the games kept in this browser, and which tab plays which.
//
// Each game has a slot of its own, `localStorage["ombre.save.<id>"]`, holding the bridge's save()
// text and what the list of saved games shows (rules, deal, balance, when last played). Slots are
// separate keys, not one shared list, so that two tabs writing two games never overwrite each
// other. The last MAX_SAVES games are kept; starting another lets the least recently played go.
//
// A tab that plays a game holds the Web Lock "ombre.game.<id>" until it stops (or closes: the
// browser then frees the lock). Another tab that wants the same game asks the holder to let go
// over the BroadcastChannel "ombre.tabs" and waits for the lock. docs/ui.md says why.

export const MAX_SAVES = 5;
export const SLOT_PREFIX = "ombre.save.";
export const LEGACY_KEY = "ombre.session";  // one save, as written before the slots (migrated)
const SLOT_FORMAT = "ombre-slot/1";
const LOCK_PREFIX = "ombre.game.";
const CHANNEL = "ombre.tabs";

// ---------------------------------------------------------------------------------------------
// Storage: localStorage may be missing or refused (private mode, a third-party frame), or full.

export const store = {
  /** Whether this browser lets the game keep anything: tried once, with a write. */
  usable() {
    try {
      const s = window.localStorage;
      s.setItem("ombre.probe", "1");
      s.removeItem("ombre.probe");
      return true;
    } catch {
      return false;
    }
  },
  get(key) {
    try { return window.localStorage.getItem(key); } catch { return null; }
  },
  set(key, value) {
    try { window.localStorage.setItem(key, value); return true; } catch { return false; }
  },
  remove(key) {
    try { window.localStorage.removeItem(key); } catch { /* nothing to remove */ }
  },
  keys() {
    try {
      const s = window.localStorage;
      return Array.from({ length: s.length }, (_, i) => s.key(i)).filter((k) => k !== null);
    } catch {
      return [];
    }
  },
};

export function newId() {
  const rand = new Uint32Array(2);
  crypto.getRandomValues(rand);
  return Date.now().toString(36) + rand[0].toString(36) + rand[1].toString(36);
}

export const slotKey = (id) => SLOT_PREFIX + id;

const whole = (n, lo, hi) => Number.isSafeInteger(n) && n >= lo && n <= hi;

/**
 * The saved games, most recently played first: {id, updated, rules, title, deal, balance, over,
 * session} for a readable slot, {id, updated: 0, damaged: true} for one that is not. Values that
 * are not what they should be are left out (null), never shown as they are.
 */
export function listSaves() {
  const saves = [];
  for (const key of store.keys()) {
    if (!key.startsWith(SLOT_PREFIX)) continue;
    const id = key.slice(SLOT_PREFIX.length);
    let slot = null;
    try { slot = JSON.parse(store.get(key) ?? ""); } catch { /* damaged */ }
    if (!slot || slot.format !== SLOT_FORMAT || typeof slot.session !== "string") {
      saves.push({ id, updated: 0, damaged: true });
      continue;
    }
    saves.push({
      id,
      updated: whole(slot.updated, 0, 8.64e15) ? slot.updated : 0,
      rules: typeof slot.rules === "string" ? slot.rules : null,
      title: typeof slot.title === "string" ? slot.title.slice(0, 120) : null,
      deal: whole(slot.deal, 1, Number.MAX_SAFE_INTEGER) ? slot.deal : null,
      balance: whole(slot.balance, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) ? slot.balance : null,
      over: slot.over === true,
      session: slot.session,
    });
  }
  return saves.sort((a, b) => b.updated - a.updated);
}

/** Write a game's slot from its snapshot and save() text. False when the browser refused. */
export function writeSave(id, snap, session) {
  const human = snap.seats?.[snap.human];
  return store.set(slotKey(id), JSON.stringify({
    format: SLOT_FORMAT,
    updated: Date.now(),
    rules: snap.rules?.id ?? null,
    title: snap.rules?.title ?? null,
    deal: snap.deal_number,
    balance: human?.balance ?? null,
    over: snap.phase === "over",
    session,
  }));
}

export function removeSave(id) {
  store.remove(slotKey(id));
}

/** A save written before the slots (`ombre.session`) becomes a slot, damaged or not. */
export function migrateLegacy() {
  const text = store.get(LEGACY_KEY);
  if (text === null) return;
  let doc = null;
  try { doc = JSON.parse(text); } catch { /* kept as is: reading it will say what is wrong */ }
  const id = newId();
  const ok = store.set(slotKey(id), JSON.stringify({
    format: SLOT_FORMAT,
    updated: Date.now(),
    rules: typeof doc?.rules === "string" ? doc.rules : null,
    title: null,
    deal: doc?.deal_number ?? null,
    balance: null,
    over: false,
    session: text,
  }));
  if (ok) store.remove(LEGACY_KEY);
}

/**
 * Games to let go so that one more fits: the least recently played beyond MAX_SAVES - 1, leaving
 * out `keep` (the game on this table) and games open in other tabs.
 */
export function overflow(saves, keep, elsewhere) {
  const spare = saves.filter((s) => s.id !== keep && !elsewhere.has(s.id));
  const extra = saves.length - (MAX_SAVES - 1);
  return extra > 0 ? spare.slice(-extra) : [];
}

// ---------------------------------------------------------------------------------------------
// Tabs: one tab plays a game at a time.

const held = new Map();  // id -> function that releases this tab's lock on it

const locks = () => (typeof navigator !== "undefined" && navigator.locks) || null;

/** Hold the game's lock if no other tab does. True when this tab now plays it (or cannot know). */
export function claim(id) {
  if (held.has(id)) return Promise.resolve(true);
  const api = locks();
  if (!api) return Promise.resolve(true);
  return new Promise((resolve) => {
    api.request(LOCK_PREFIX + id, { ifAvailable: true }, (lock) => {
      if (!lock) { resolve(false); return undefined; }
      return new Promise((release) => { held.set(id, release); resolve(true); });
    }).catch(() => resolve(true));
  });
}

/** Wait until no other tab holds the game (at most `ms`), then hold it. False if it stayed held. */
export function claimWhenFree(id, ms = 5000) {
  if (held.has(id)) return Promise.resolve(true);
  const api = locks();
  if (!api) return Promise.resolve(true);
  const options = typeof AbortSignal.timeout === "function" ? { signal: AbortSignal.timeout(ms) } : {};
  return new Promise((resolve) => {
    api.request(LOCK_PREFIX + id, options, (lock) => new Promise((release) => { held.set(id, release); resolve(Boolean(lock)); }))
      .catch(() => resolve(false));
  });
}

export function release(id) {
  held.get(id)?.();
  held.delete(id);
}

/** The ids of the games other tabs are playing now. */
export async function openElsewhere() {
  const api = locks();
  if (!api) return new Set();
  try {
    const { held: all = [] } = await api.query();
    return new Set(all.map((l) => l.name).filter((n) => n?.startsWith(LOCK_PREFIX))
      .map((n) => n.slice(LOCK_PREFIX.length)).filter((id) => !held.has(id)));
  } catch {
    return new Set();
  }
}

const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;

/** Whether this browser lets a tab ask another to let go of a game. */
export const canTakeOver = () => Boolean(channel && locks());

/** Ask the tab that plays `id` to let go of it. */
export function askRelease(id) {
  channel?.postMessage({ type: "release", id });
}

/** Call `fn(id)` when another tab asks this one to let go of a game. */
export function onReleaseAsked(fn) {
  channel?.addEventListener("message", ({ data }) => {
    if (data && data.type === "release" && typeof data.id === "string") fn(data.id);
  });
}
