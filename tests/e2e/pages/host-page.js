// host.html's script: load embed.js, then add one <ombre-game> with the query's options.
const params = new URLSearchParams(location.search);
const embed = params.get("embed") ?? "/embed.js";
params.delete("embed");
window.events = [];
window.hostMessages = [];
window.addEventListener("message", (event) => window.hostMessages.push(event.data));
await import(embed);
const game = document.createElement("ombre-game");
for (const [name, value] of params) game.setAttribute(name, value);
game.addEventListener("ombre", (event) => window.events.push(event.detail));
document.body.append(game);
