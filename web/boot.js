// boot.js: says why the game cannot start when its modules cannot run. A classic script, not a
// module, on purpose: classic scripts still run where the game's ES modules are refused (a page
// opened from file://, a frame sandboxed without allow-same-origin, whose opaque origin fails the
// modules' CORS fetch), so this can name the cause. Where no script runs at all (JavaScript off,
// a Content-Security-Policy refusing this site's scripts), the static notice #boot-failed of the
// page appears by itself after a short delay (style.css), and <noscript> covers JavaScript off.
//
// <html data-boot>: absent = no script ran yet; "scripts" = this file ran, so the delayed notice
// stays hidden; "app" = app.js runs (it explains any later failure itself); "failed" = the notice,
// now worded for the cause, is shown at once.
(() => {
  "use strict";
  const root = document.documentElement;
  if (!root.dataset.boot) root.dataset.boot = "scripts";

  const CAUSES = {
    file: ["The game cannot start from a file on disk", [
      "This page was opened as a file (its address begins with `file://`), and browsers do not run the game's modules from disk.",
      "Serve the folder over http instead: for example run `python3 -m http.server` in this folder (or `python3 build.py serve` in the source folder), then open `http://127.0.0.1:8000/`.",
    ]],
    sandbox: ["The game cannot start in this frame", [
      "This page is inside a sandboxed frame without `allow-same-origin`, so the browser refuses it the game's own scripts, storage and engine worker.",
      "The page that frames the game must give its frame `sandbox=\"allow-scripts allow-same-origin\"`, or no `sandbox` attribute.",
    ]],
    download: ["A file of the game could not be loaded", [
      "The game's scripts failed to load, so the game cannot start. The connection may have dropped, or the site may be updating.",
      "Reload the page. If this message stays, the site's files are incomplete: tell whoever runs the site.",
    ]],
  };

  /** A paragraph of `line`, where what stands between backticks is shown as code. */
  function paragraph(line) {
    const p = document.createElement("p");
    line.split("`").forEach((part, i) => {
      if (!part) return;
      if (i % 2) {
        const code = document.createElement("code");
        code.textContent = part;
        p.append(code);
      } else {
        p.append(part);
      }
    });
    return p;
  }

  function fail([title, lines]) {
    const card = document.querySelector("#boot-failed .boot-card");
    if (!card || root.dataset.boot === "app") return;
    const heading = document.createElement("h2");
    heading.textContent = title;
    card.replaceChildren(heading, ...lines.map(paragraph));
    root.dataset.boot = "failed";
  }

  function cause() {
    if (window.location.protocol === "file:") return CAUSES.file;
    if (window.origin === "null") return CAUSES.sandbox;
    return CAUSES.download;
  }

  // The app's module graph failing to load (CORS from an opaque origin or file://, a 404, a dropped
  // connection) fires "error" on its <script>. This runs first: deferred scripts and modules run
  // in document order, and boot.js comes before app.js.
  document.getElementById("app-script")?.addEventListener("error", () => fail(cause()));
})();
