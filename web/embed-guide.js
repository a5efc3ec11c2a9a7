// embed-guide.js: embed.html's snippets show this site's own address, and the example's events.
const base = new URL("./", window.location.href).href;
for (const id of ["snippet", "snippet-element"]) {
  const code = document.getElementById(id);
  code.textContent = code.textContent.replaceAll("https://your-site.example/ombre/", base);
}
const shown = document.getElementById("example-events");
const seen = [];
document.getElementById("example").addEventListener("ombre", (event) => {
  const { type, outcome } = event.detail;
  seen.push(outcome ? `${type} (${outcome})` : type);
  shown.textContent = seen.join(", ");
});
