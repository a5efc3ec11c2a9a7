// host.html's script: load embed.js, then add one <ombre-game> (or ?games=N) with the query's
// options.
const params = new URLSearchParams(location.search);
const embed = params.get("embed") ?? "/embed.js";
const games = Number(params.get("games") ?? 1);
params.delete("embed");
params.delete("games");
window.events = [];
window.hostMessages = [];
window.addEventListener("message", (event) => window.hostMessages.push(event.data));
await import(embed);
for (let i = 0; i < games; i += 1) {
  const game = document.createElement("ombre-game");
  for (const [name, value] of params) game.setAttribute(name, value);
  game.addEventListener("ombre", (event) => window.events.push(event.detail));
  document.body.append(game);
}
