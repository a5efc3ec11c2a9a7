// embed-guide.js: embed.html's snippet shows this site's own address.
const url = new URL("index.html", window.location.href).href;
const code = document.getElementById("snippet");
code.textContent = code.textContent.replace("https://your-site.example/ombre/index.html", url);
