// The period theme's card faces (issue #8 item 6): our own SVG in the manner of a line-engraved
// pack of the early 18th century, built with createElementNS like cards.js's and shown the same way
// (cards.js turns them into data-URL images, keyed by theme).
//
// What a face must say is the same in both themes: the rank and suit large in the top-left corner
// (legible when only a card's left edge shows), the colour, a gold frame for a trump, a gold "M"
// seal for a matador, and the historical name the engine gives (Spadille, Manille, Basto, Punto,
// in the preset's spelling) on a ribbon. Only the drawing differs: ivory paper with a ruled
// border, pips hatched as if cut in copper with a firm outline, courts in an arched cartouche
// with a crown, coronet or plumed cap, the named aces in a laurel wreath. The corner indices stay
// solid, so that the card reads at the smallest card size.

const NS = "http://www.w3.org/2000/svg";
const SERIF = "'Iowan Old Style','Palatino Linotype',Palatino,'Book Antiqua',Georgia,'DejaVu Serif','Liberation Serif',serif";

// Inks: a vermilion and a sepia black, dark enough to read on ivory at every size; the
// four-colour pack adds a verdigris green (clubs) and an indigo (diamonds).
const INK = { red: "#a11b17", black: "#231a12", c4: "#1b5e34", d4: "#1d4589" };

/** The style sheet drawn into each period face (an image cannot see the page's CSS), in its ink. */
const css = (ink) => `
.paper{fill:url(#paper);stroke:#4a3723;stroke-width:1.4}
.rule{fill:none;stroke:#6b5236;stroke-width:0.6}
.knockout{fill:#fdf6e6}.knockout.trump{fill:#fbf0cf}
.rank{font-family:${SERIF};font-size:29px;font-weight:700}
.court-letter{font-family:${SERIF};font-size:30px;font-weight:700;font-style:italic}
.ink{fill:${ink}}.line{fill:none;stroke:${ink};stroke-linejoin:round;stroke-linecap:round}
.cartouche{fill:#f6ecd2;stroke:${ink};stroke-width:1.1}
.cartouche-hatch{fill:url(#ground)}
.trump-frame{fill:#fbf0cf;stroke:#8a6212;stroke-width:2.2}
.trump-rule{fill:none;stroke:#8a6212;stroke-width:0.7}
.matador .trump-frame{stroke-width:3.2}
.wreath{fill:none;stroke:#6b5236;stroke-width:0.9}
.leaf{fill:#e6d3a2;stroke:#6b5236;stroke-width:0.6}
.ribbon{fill:#efdca8;stroke:#5a4128;stroke-width:0.9}
.ribbon-fold{fill:#d6bd7e;stroke:#5a4128;stroke-width:0.9}
.card-name{font-family:${SERIF};font-size:10.5px;font-weight:700;font-style:italic;fill:#22170c}
.seal circle{fill:#b07d18;stroke:#4d3306;stroke-width:1.3}
.seal .seal-rule{fill:none;stroke:#fbeec4;stroke-width:0.7}
.seal text{fill:#fffaf0;font-family:${SERIF};font-weight:700;font-size:15px}
.back-paper{fill:#f3e8cc;stroke:#4a3723;stroke-width:1.4}
.back-ground{fill:#5b2418}.back-lattice{fill:url(#lattice)}
.back-rule{fill:none;stroke:#e8d29a;stroke-width:0.8}
.medallion{fill:#f3e8cc;stroke:#e8d29a;stroke-width:1.2}
.rosette{fill:none;stroke:#5b2418;stroke-width:1.1}`;

// Suits in a 100 × 100 box, drawn a little more elaborately than the modern ones: a lozenge
// with drawn-in sides, a spade and a trefoil on a flared stem.
const SUIT_PATHS = {
  h: "M50 93 C31 76 5 59 5 32 C5 15 17 5 30 5 C40 5 47 11 50 20 C53 11 60 5 70 5 C83 5 95 15 95 32 C95 59 69 76 50 93 Z",
  d: "M50 3 C58 22 72 38 90 50 C72 62 58 78 50 97 C42 78 28 62 10 50 C28 38 42 22 50 3 Z",
  s: "M50 4 C63 24 95 39 95 61 C95 75 85 83 73 83 C65 83 58 79 54 72 C55 83 62 91 72 96 L28 96 C38 91 45 83 46 72 C42 79 35 83 27 83 C15 83 5 75 5 61 C5 39 37 24 50 4 Z",
  c: "M50 5 C62 5 70 14 70 25 C70 33 66 39 60 42 C65 39 70 38 74 38 C86 38 95 47 95 59 C95 71 86 80 74 80 C65 80 58 75 54 68 C55 81 61 90 72 96 L28 96 C39 90 45 81 46 68 C42 75 35 80 26 80 C14 80 5 71 5 59 C5 47 14 38 26 38 C30 38 35 39 40 42 C34 39 30 33 30 25 C30 14 38 5 50 5 Z",
};

const PIPS = {
  2: [[50, 34], [50, 106]],
  3: [[50, 31], [50, 70], [50, 109]],
  4: [[37, 35], [63, 35], [37, 105], [63, 105]],
  5: [[37, 35], [63, 35], [50, 70], [37, 105], [63, 105]],
  6: [[37, 33], [63, 33], [37, 70], [63, 70], [37, 107], [63, 107]],
  7: [[37, 33], [63, 33], [50, 51.5], [37, 70], [63, 70], [37, 107], [63, 107]],
};
const PIP = 18;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

function text(parent, content, attrs) {
  const t = el("text", attrs, parent);
  t.textContent = content;
  return t;
}

function inkOf(card, four) {
  if (four && card.suit === "c") return INK.c4;
  if (four && card.suit === "d") return INK.d4;
  return card.red ? INK.red : INK.black;
}

/**
 * The face's shared definitions: the paper's tone, the hatching of the pips (one pattern per pip
 * size, so that every pip is cut with lines the same distance apart on the card) and the light
 * cross-hatched ground of a court's cartouche.
 */
function defs(svg, ink, sizes) {
  const d = el("defs", {}, svg);
  const paper = el("radialGradient", { id: "paper", cx: "50%", cy: "45%", r: "75%" }, d);
  el("stop", { offset: "0", "stop-color": "#fffaee" }, paper);
  el("stop", { offset: "1", "stop-color": "#f3e6c8" }, paper);
  for (const size of sizes) {
    // Lines 2 card units apart, 1.15 thick (dark enough to read when a card is 40 px wide),
    // slanting as a burin cuts them, in the pip's own (scaled) units.
    const k = 100 / size;
    const p = el("pattern", {
      id: `hatch-${size}`, patternUnits: "userSpaceOnUse", width: 2 * k, height: 2 * k,
      patternTransform: "rotate(-40)",
    }, d);
    el("rect", { x: 0, y: 0, width: 2 * k, height: 1.15 * k, fill: ink }, p);
  }
  const ground = el("pattern", { id: "ground", patternUnits: "userSpaceOnUse", width: 3, height: 3, patternTransform: "rotate(45)" }, d);
  el("rect", { x: 0, y: 0, width: 3, height: 0.45, fill: "#b59b6a" }, ground);
  el("rect", { x: 0, y: 0, width: 0.45, height: 3, fill: "#b59b6a" }, ground);
  return d;
}

/**
 * An engraved suit symbol of the given size with its top-left corner at (x, y): hatched inside,
 * with a firm outline; `solid` fills it instead (the corner index). flip turns it over.
 */
function pip(parent, s, x, y, size, { flip = false, solid = false } = {}) {
  const k = size / 100;
  const g = el("g", {
    transform: flip ? `translate(${x + size} ${y + size}) scale(${-k} ${-k})` : `translate(${x} ${y}) scale(${k})`,
  }, parent);
  const d = SUIT_PATHS[s];
  if (solid) {
    el("path", { d, class: "ink" }, g);
  } else {
    el("path", { d, fill: `url(#hatch-${size})` }, g);
    el("path", { d, class: "line", "stroke-width": 1.5 / k }, g);
  }
  return g;
}

function corner(svg, card, flip) {
  const g = el("g", flip ? { transform: "rotate(180 50 70)" } : {}, svg);
  // The border's rules break round the index, as on a plate engraved with it.
  el("rect", { x: 3.5, y: 6, width: 23, height: 53, rx: 2, class: card.trump ? "knockout trump" : "knockout" }, g);
  text(g, card.rank, { x: 15, y: 31, "text-anchor": "middle", class: "rank ink" });
  pip(g, card.suit, 4.5, 36, 21, { solid: true });
}

// The emblems of the courts, drawn as lines in a 40 × 22 box whose top-left corner is at (30, 28).
const EMBLEMS = {
  // A closed crown: a band, five points with pearls, an arch.
  K: ["M4 20 L36 20", "M4 20 L2 6 L11 13 L15 3 L20 12 L25 3 L29 13 L38 6 L36 20", "M6 16.5 L34 16.5"],
  // A coronet of fleurons on a band.
  Q: ["M5 20 L35 20", "M5 20 L5 13 L35 13 L35 20", "M12 13 C10 8 12 5 12 5 C12 5 14 8 12 13",
    "M20 13 C17 6 20 2 20 2 C20 2 23 6 20 13", "M28 13 C26 8 28 5 28 5 C28 5 30 8 28 13"],
  // A knave's cap with a plume.
  J: ["M6 20 C6 12 12 8 20 8 C28 8 34 12 34 20 Z", "M4 20 L36 20", "M24 8 C28 2 35 1 38 3 C34 3 30 6 27 9",
    "M25 6 C30 4 34 5 36 7"],
};
const PEARLS = { K: [[2, 6], [15, 3], [25, 3], [38, 6]], Q: [[12, 4.5], [20, 1.5], [28, 4.5]], J: [] };

function courtCentre(svg, card) {
  // An arched cartouche on a cross-hatched ground, the emblem, the letter, a pip at its foot.
  const arch = "M27 119 L27 36 C27 24 37 17 50 17 C63 17 73 24 73 36 L73 119 Z";
  el("path", { d: arch, class: "cartouche" }, svg);
  el("path", { d: arch, class: "cartouche-hatch" }, svg);
  el("path", { d: "M31 115 L31 37 C31 27 39 21 50 21 C61 21 69 27 69 37 L69 115 Z", class: "cartouche" }, svg);
  const g = el("g", { transform: "translate(30 28)" }, svg);
  for (const d of EMBLEMS[card.rank] ?? []) el("path", { d, class: "line", "stroke-width": 1.5 }, g);
  for (const [cx, cy] of PEARLS[card.rank] ?? []) el("circle", { cx, cy, r: 1.6, class: "ink" }, g);
  text(svg, card.rank, { x: 50, y: 82, "text-anchor": "middle", class: "court-letter ink" });
  el("path", { d: "M37 89 L63 89", class: "line", "stroke-width": 0.8 }, svg);
  pip(svg, card.suit, 41, 93, 18);
}

function aceCentre(svg, card) {
  if (card.matador || card.name !== card.plain) {
    // The named aces (Spadille, Basto, Punto) in a laurel wreath, as the printed packs adorned
    // their ace of spades.
    el("circle", { cx: 50, cy: 68, r: 30, class: "wreath" }, svg);
    for (let i = 0; i < 20; i += 1) {
      const a = (i / 20) * 360;
      el("ellipse", { cx: 50, cy: 38, rx: 2.2, ry: 5, class: "leaf", transform: `rotate(${a + 8} 50 68) rotate(35 50 38)` }, svg);
    }
  }
  pip(svg, card.suit, 28, 46, 44);
}

/**
 * The period face of a card object from the engine.
 * @param {{rank:string, suit:string, red:boolean, name:string, plain:string, trump?:boolean,
 *          matador?:boolean}} card
 * @param {boolean} four the four-colour pack
 * @returns {SVGSVGElement} decorative: the caller gives the accessible name.
 */
export function periodFace(card, four = false) {
  const ink = inkOf(card, four);
  const svg = el("svg", {
    viewBox: "0 0 100 140",
    class: `card-face period suit-${card.suit}${four ? " four" : ""}${card.trump ? " trump" : ""}${card.matador ? " matador" : ""}`,
    "aria-hidden": "true",
    focusable: "false",
  });
  el("style", {}, svg).textContent = css(ink);
  const sizes = card.rank === "A" ? [44] : /[KQJ]/.test(card.rank) ? [18] : [PIP];
  defs(svg, ink, sizes);
  el("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 7, class: "paper" }, svg);
  if (card.trump) {
    el("rect", { x: 4.5, y: 4.5, width: 91, height: 131, rx: 5, class: "trump-frame" }, svg);
    el("rect", { x: 8, y: 8, width: 84, height: 124, rx: 3, class: "trump-rule" }, svg);
  } else {
    // The engraver's double rule round the face.
    el("rect", { x: 5, y: 5, width: 90, height: 130, rx: 4.5, class: "rule" }, svg);
    el("rect", { x: 7, y: 7, width: 86, height: 126, rx: 3.5, class: "rule" }, svg);
  }
  corner(svg, card, false);
  corner(svg, card, true);

  if (card.rank === "A") aceCentre(svg, card);
  else if (/[KQJ]/.test(card.rank)) courtCentre(svg, card);
  else for (const [x, y] of PIPS[card.rank] ?? []) pip(svg, card.suit, x - PIP / 2, y - PIP / 2, PIP, { flip: y > 70 });

  if (card.name && card.name !== card.plain) {
    // The historical name on a ribbon across the foot of the card.
    el("path", { d: "M4 124 L10 120 L10 134 L4 138 L7 131 Z", class: "ribbon-fold" }, svg);
    el("path", { d: "M74 124 L68 120 L68 134 L74 138 L71 131 Z", class: "ribbon-fold" }, svg);
    el("path", { d: "M10 120 Q39 116 68 120 L68 134 Q39 130 10 134 Z", class: "ribbon" }, svg);
    const caption = text(svg, card.name, { x: 39, y: 130, "text-anchor": "middle", class: "card-name" });
    if (card.name.length > 9) caption.setAttribute("textLength", "54");
  }
  if (card.matador) {
    // A gold seal in the top-right corner marks a matador.
    const seal = el("g", { class: "seal" }, svg);
    el("circle", { cx: 82, cy: 19, r: 12.5 }, seal);
    el("circle", { cx: 82, cy: 19, r: 10, class: "seal-rule" }, seal);
    text(seal, "M", { x: 82, y: 24.2, "text-anchor": "middle" });
  }
  return svg;
}

/** The period back: a lattice cut on a dark ground, a medallion with a rosette. */
export function periodBack() {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-back period", "aria-hidden": "true", focusable: "false" });
  el("style", {}, svg).textContent = css(INK.black);
  const d = el("defs", {}, svg);
  const lattice = el("pattern", { id: "lattice", patternUnits: "userSpaceOnUse", width: 8, height: 8, patternTransform: "rotate(45)" }, d);
  el("rect", { x: 0, y: 0, width: 8, height: 1, fill: "#e8d29a" }, lattice);
  el("rect", { x: 0, y: 0, width: 1, height: 8, fill: "#e8d29a" }, lattice);
  el("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 7, class: "back-paper" }, svg);
  el("rect", { x: 8, y: 8, width: 84, height: 124, rx: 3, class: "back-ground" }, svg);
  el("rect", { x: 8, y: 8, width: 84, height: 124, rx: 3, class: "back-lattice" }, svg);
  el("rect", { x: 11, y: 11, width: 78, height: 118, rx: 2, class: "back-rule" }, svg);
  el("ellipse", { cx: 50, cy: 70, rx: 20, ry: 26, class: "medallion" }, svg);
  for (let i = 0; i < 8; i += 1) {
    el("ellipse", { cx: 50, cy: 61, rx: 3.5, ry: 8, class: "rosette", transform: `rotate(${i * 45} 50 70)` }, svg);
  }
  el("circle", { cx: 50, cy: 70, r: 3, class: "rosette" }, svg);
  return svg;
}
