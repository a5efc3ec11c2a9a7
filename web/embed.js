// embed.js: the game as one element for a host page (issue #8).
//
//   <script type="module" src="https://example.org/games/ombre/embed.js"></script>
//   <ombre-game rules="1660" seed="42" level="standard"></ombre-game>
//
// The element makes a frame of the game's own page (index.html beside this file, so the game
// works from any sub-path) and passes its attributes as the page's address options; the page
// checks them and reports a bad or unknown one inside the frame, falling back to its default.
// The game tells the host page what happens with postMessage (docs/embed-events.md): the element
// checks that a message comes from its own frame and the game's origin, and dispatches it again
// as an "ombre" DOM event on itself. It never reads anything else from the host.
//
// Self-contained (no imports: build.py serves it under this fixed name) and CSP-clean: no inline
// style, only CSSOM properties, so a host with style-src 'self' needs nothing more.

const GAME = new URL("index.html", import.meta.url);
const OWN = new Set(["class", "id", "style", "title", "height", "width", "hidden", "slot", "part"]);

class OmbreGame extends HTMLElement {
  #frame = null;
  #listening = false;

  static get observedAttributes() {
    return ["rules", "seed", "level", "ledger", "log", "theme", "lang", "scenario", "height", "title"];
  }

  connectedCallback() {
    if (!this.#listening) {
      window.addEventListener("message", this.#onMessage);
      this.#listening = true;
    }
    this.#render();
  }

  disconnectedCallback() {
    window.removeEventListener("message", this.#onMessage);
    this.#listening = false;
  }

  attributeChangedCallback() {
    if (this.isConnected) this.#render();
  }

  /** The game's address: every attribute but the element's own becomes an option. */
  get src() {
    const url = new URL(GAME);
    for (const { name, value } of this.attributes) {
      if (!OWN.has(name) && !name.startsWith("data-") && !name.startsWith("aria-")) {
        url.searchParams.set(name, value);
      }
    }
    return url.href;
  }

  #render() {
    if (!this.#frame) {
      this.#frame = document.createElement("iframe");
      this.#frame.loading = "lazy";
      this.#frame.allow = "";
      this.#frame.style.border = "0";
      this.#frame.style.width = "100%";
      this.#frame.style.display = "block";
      this.style.display = this.style.display || "block";
      this.append(this.#frame);
    }
    const frame = this.#frame;
    frame.title = this.getAttribute("title") || "The Royal Game of Ombre, a card game of 1660";
    frame.style.height = /^\d+(px|vh|rem|em)?$/.test(this.getAttribute("height") ?? "")
      ? `${this.getAttribute("height")}${/\d$/.test(this.getAttribute("height")) ? "px" : ""}`
      : "860px";
    const src = this.src;
    if (frame.src !== src) frame.src = src;
  }

  #onMessage = (event) => {
    if (!this.#frame || event.source !== this.#frame.contentWindow) return;
    if (event.origin !== GAME.origin) return;
    const data = event.data;
    if (!data || typeof data !== "object" || data.source !== "ombre" || typeof data.type !== "string") return;
    this.dispatchEvent(new CustomEvent("ombre", { detail: data, bubbles: true }));
  };
}

if (!customElements.get("ombre-game")) customElements.define("ombre-game", OmbreGame);
