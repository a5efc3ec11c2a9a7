// Card faces drawn as SVG with createElementNS: no images, no fonts to fetch, no innerHTML.
//
// A face shows what a player needs at a glance, even when only its left edge is visible: a large
// rank and suit symbol in the top-left corner, the colour (red or black), and, for the cards that
// matter most in Ombre, a gold frame for trumps and a gold badge for the three matadors. Which card
// is a trump or a matador is never decided here: the card object from the engine says so
// (`trump`, `matador`), as it says the card's historical `name` (Spadille, Manille, Basto, Punto).

import { periodBack, periodFace } from "./cards-period.js";

const NS = "http://www.w3.org/2000/svg";

// The faces are shown as images (<img src="data:image/svg+xml,...">): a card is then one picture
// with one accessible name, given by its button or alt text, and its rank letters are not page text
// that would compete with that name. An SVG image cannot see the page's CSS, so its style travels
// inside it.
const SERIF = "'Iowan Old Style','Palatino Linotype',Palatino,Georgia,'DejaVu Serif','Liberation Serif',serif";
const CARD_CSS = `
.card-bg{fill:#fffdf8;stroke:#9a9080;stroke-width:1.5}
.red{fill:#b3122b}.black{fill:#14130f}
.rank{font-family:${SERIF};font-size:30px;font-weight:700}
.trump-frame{fill:#fff6da;stroke:#b8860b;stroke-width:2.5}
.matador .trump-frame{stroke-width:4;fill:#fcefc4}
.court-frame{fill:none;stroke-width:1.5}
.red .court-frame{stroke:#b3122b}.black .court-frame{stroke:#14130f}
.court-letter{font-family:${SERIF};font-size:40px;font-weight:700}
.ace-ring{fill:none;stroke:#b8860b;stroke-width:2;stroke-dasharray:3 3}
.name-band{fill:#f2d27a;stroke:#b8860b;stroke-width:1}
.card-name{font-family:${SERIF};font-size:10.5px;font-weight:700;fill:#1d1a16}
.matador-badge circle{fill:#b8860b;stroke:#7a5a06;stroke-width:1.5}
.matador-badge text{fill:#fff;font-family:${SERIF};font-weight:700;font-size:16px}
.back-bg{fill:#f6efe0;stroke:#8a7a5e;stroke-width:1.5}
.back-inner{fill:#7a1f2b}.back-pattern{fill:#d9b35a}
.suit-icon.red{fill:#b3122b}.suit-icon.black{fill:#14130f}
.four.suit-c{fill:#17703a}.four.suit-d{fill:#1654b0}
.four.suit-c .court-frame{stroke:#17703a}.four.suit-d .court-frame{stroke:#1654b0}`;

// The four-colour pack (a setting): clubs green and diamonds blue, so that the two suits of each
// colour are told apart at a glance. Card faces are images that cannot see the page's classes, so
// the palette is drawn into them (and into the cache key).
let fourColour = false;

/** Draw the faces from now on in the four-colour pack (true) or in red and black. */
export function setFourColour(on) {
  fourColour = Boolean(on);
}

// The look (a setting, and the `theme` option): "modern", these faces, or "period", the engraved
// faces of cards-period.js. Like the palette, it is drawn into the images and their cache key.
let theme = "modern";

/** Draw the faces and backs from now on in the given theme ("modern" or "period"). */
export function setCardTheme(name) {
  theme = name === "period" ? "period" : "modern";
}

// Suit symbols as paths in a 100 × 100 box, so they look the same whatever fonts the system has.
const SUIT_PATHS = {
  h: "M50 94 C30 76 4 58 4 31 C4 14 16 4 29 4 C39 4 46 10 50 19 C54 10 61 4 71 4 C84 4 96 14 96 31 C96 58 70 76 50 94 Z",
  d: "M50 2 L88 50 L50 98 L12 50 Z",
  s: "M50 4 C64 24 96 40 96 62 C96 76 86 84 74 84 C65 84 58 80 54 73 C55 84 61 92 70 97 L30 97 C39 92 45 84 46 73 C42 80 35 84 26 84 C14 84 4 76 4 62 C4 40 36 24 50 4 Z",
};
// Clubs: three circles (these centres) on a flared stem.
const CLUB_CIRCLES = [[50, 25], [27, 59], [73, 59]];

const RANK_TEXT = { A: "A", K: "K", Q: "Q", J: "J" };

// Pip positions (x, y in the 100 × 140 card) for the number cards of the 40-card pack.
const PIPS = {
  2: [[50, 36], [50, 104]],
  3: [[50, 32], [50, 70], [50, 108]],
  4: [[39, 36], [61, 36], [39, 104], [61, 104]],
  5: [[39, 36], [61, 36], [50, 70], [39, 104], [61, 104]],
  6: [[39, 34], [61, 34], [39, 70], [61, 70], [39, 106], [61, 106]],
  7: [[39, 34], [61, 34], [50, 52], [39, 70], [61, 70], [39, 106], [61, 106]],
};
const PIP = 16;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

/** Draw a suit symbol of the given size with its top-left corner at (x, y); flip turns it over. */
function suit(parent, s, x, y, size, flip = false) {
  const g = el("g", {
    transform: flip
      ? `translate(${x + size} ${y + size}) scale(${-size / 100} ${-size / 100})`
      : `translate(${x} ${y}) scale(${size / 100})`,
    class: "suit",
  }, parent);
  if (s === "c") {
    for (const [cx, cy] of CLUB_CIRCLES) el("circle", { cx, cy, r: 21 }, g);
    el("path", { d: "M45 52 C45 72 40 88 30 97 L70 97 C60 88 55 72 55 52 Z" }, g);
    el("rect", { x: 42, y: 40, width: 16, height: 24 }, g);
  } else {
    el("path", { d: SUIT_PATHS[s] }, g);
  }
  return g;
}

function text(parent, content, attrs) {
  const t = el("text", attrs, parent);
  t.textContent = content;
  return t;
}

function corner(svg, card, flip) {
  const g = el("g", flip ? { transform: "rotate(180 50 70)" } : {}, svg);
  text(g, RANK_TEXT[card.rank] ?? card.rank, {
    x: 15, y: 31, "text-anchor": "middle", class: "rank",
  });
  suit(g, card.suit, 4, 36, 22);
  return g;
}

function courtCentre(svg, card) {
  // A framed panel with the court letter and two suit symbols: simple, and unmistakable when small.
  el("rect", { x: 29, y: 22, width: 42, height: 94, rx: 5, class: "court-frame" }, svg);
  suit(svg, card.suit, 33, 27, 14);
  suit(svg, card.suit, 53, 97, 14, true);
  text(svg, card.rank, {
    x: 50, y: 83, "text-anchor": "middle", class: "court-letter",
  });
}

function aceCentre(svg, card) {
  if (card.matador || card.name !== card.plain) {
    // The named aces (Spadille, Basto, Punto) get an ornamental ring, as printed packs did.
    el("circle", { cx: 50, cy: 68, r: 28, class: "ace-ring" }, svg);
  }
  suit(svg, card.suit, 30, 48, 40);
}

/**
 * Build the SVG face of a card object from the engine.
 * @param {{code:string, rank:string, suit:string, red:boolean, name:string, plain:string,
 *          trump?:boolean, matador?:boolean}} card
 * @returns {SVGSVGElement} decorative: the caller gives the accessible name.
 */
export function cardFace(card) {
  const svg = el("svg", {
    viewBox: "0 0 100 140",
    class: `card-face ${card.red ? "red" : "black"} suit-${card.suit}${fourColour ? " four" : ""}${card.trump ? " trump" : ""}${card.matador ? " matador" : ""}`,
    "aria-hidden": "true",
    focusable: "false",
  });
  el("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 8, class: "card-bg" }, svg);
  if (card.trump) el("rect", { x: 5, y: 5, width: 90, height: 130, rx: 6, class: "trump-frame" }, svg);

  corner(svg, card, false);
  corner(svg, card, true);

  if (card.rank === "A") aceCentre(svg, card);
  else if (card.rank === "K" || card.rank === "Q" || card.rank === "J") courtCentre(svg, card);
  else for (const [x, y] of PIPS[card.rank] ?? []) suit(svg, card.suit, x - PIP / 2, y - PIP / 2, PIP, y > 70);

  if (card.name && card.name !== card.plain) {
    // The historical name, written across the foot of the card (e.g. "Spadille").
    el("rect", { x: 8, y: 117, width: 62, height: 16, rx: 3, class: "name-band" }, svg);
    const caption = text(svg, card.name, { x: 39, y: 128.8, "text-anchor": "middle", class: "card-name" });
    // Long names (a preset's own spelling) are squeezed to fit the band rather than cut.
    if (card.name.length > 9) caption.setAttribute("textLength", "56");
  }
  if (card.matador) {
    // A gold badge in the top-right corner marks a matador ("killing card").
    const badge = el("g", { class: "matador-badge" }, svg);
    el("circle", { cx: 82, cy: 19, r: 13 }, badge);
    text(badge, "M", { x: 82, y: 24.5, "text-anchor": "middle" });
  }
  return svg;
}

const urlCache = new Map();

function dataURL(key, build) {
  let url = urlCache.get(key);
  if (!url) {
    const svg = build();
    svg.setAttribute("xmlns", NS);
    if (!svg.querySelector("style")) {  // the period faces carry their own
      const style = el("style", {});
      style.textContent = CARD_CSS;
      svg.insertBefore(style, svg.firstChild);
    }
    url = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(svg));
    urlCache.set(key, url);
  }
  return url;
}

function image(url, alt) {
  const img = document.createElement("img");
  img.src = url;
  img.alt = alt;
  img.draggable = false;
  img.decoding = "sync";
  return img;
}

/** The face of a card as an <img>; alt "" when a surrounding element names the card. */
export function cardImage(card, alt = "") {
  const key = `${theme}|${card.code}|${card.name}|${card.trump ? 1 : 0}${card.matador ? 1 : 0}${fourColour ? "|four" : ""}`;
  const build = theme === "period" ? () => periodFace(card, fourColour) : () => cardFace(card);
  const img = image(dataURL(key, build), alt);
  img.className = "card-img";
  return img;
}

/** The back of a card as an <img> (decorative). */
export function backImage() {
  const img = image(dataURL(`${theme}|back`, theme === "period" ? periodBack : cardBack), "");
  img.className = "card-img";
  return img;
}

/** The back of a card, for the other players' hands and the stock. */
export function cardBack() {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-back", "aria-hidden": "true", focusable: "false" });
  el("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 8, class: "back-bg" }, svg);
  el("rect", { x: 9, y: 9, width: 82, height: 122, rx: 5, class: "back-inner" }, svg);
  const g = el("g", { class: "back-pattern" }, svg);
  for (let y = 20; y <= 120; y += 20) {
    for (let x = 20; x <= 80; x += 20) el("path", { d: `M${x} ${y - 7} L${x + 7} ${y} L${x} ${y + 7} L${x - 7} ${y} Z` }, g);
  }
  return svg;
}

/** A small suit symbol as a stand-alone inline SVG (for the trump indicator and the rules panel). */
export function suitIcon(s, red) {
  const svg = el("svg", { viewBox: "0 0 100 100", class: `suit-icon ${red ? "red" : "black"} suit-${s}`, "aria-hidden": "true", focusable: "false" });
  suit(svg, s, 0, 0, 100);
  return svg;
}
