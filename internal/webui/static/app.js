// sgf serve: the page's entry point. Plain ES modules, no build step.
import { showLibrary } from "./library.js";
import { showGame } from "./game.js";

const themeSelect = document.getElementById("theme");
const savedTheme = localStorage.getItem("sgf-theme") ||
  (matchMedia("(prefers-contrast: more)").matches ? "contrast" :
   matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "flat");
document.body.dataset.theme = savedTheme;
themeSelect.value = savedTheme;
themeSelect.addEventListener("change", () => {
  document.body.dataset.theme = themeSelect.value;
  localStorage.setItem("sgf-theme", themeSelect.value);
  document.dispatchEvent(new Event("sgf-theme"));
});

const main = document.getElementById("main");
if (location.pathname === "/view") {
  showGame(main);
} else {
  showLibrary(main);
}
