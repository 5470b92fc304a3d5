// A banner the page shows by itself while it has no connection to the game's server: the server
// draws every screen, and a phone cut off from it can neither draw nor say anything else.
(() => {
  const WORDS = {
    ru: {
      away: "Нет связи с сервером игры",
      taps: (n) => n === 0
        ? "Лист показывает игру на момент обрыва. Нажатия не пропадут: телефон отправит их, когда связь вернётся."
        : `Нажатий без связи: ${n}. Телефон отправит их, когда связь вернётся; если игра тем временем ушла вперёд, он скажет, что не записано.`,
      back: "Связь восстановлена: лист догнал игру.",
    },
    en: {
      away: "No connection to the game's server",
      taps: (n) => n === 0
        ? "The sheet shows the game as it was when the connection dropped. Taps are not lost: the phone sends them once it is back."
        : `Taps while away: ${n}. The phone sends them once the connection is back; where the game moved on meanwhile, it says what was not recorded.`,
      back: "Connected again: the sheet has caught up with the game.",
    },
  };
  const words = () => {
    let lang = "";
    try { lang = String(JSON.parse(localStorage.getItem("flutter.scorekeeper.lang") || '""')); } catch (e) { lang = ""; }
    if (lang !== "ru" && lang !== "en") lang = (navigator.language || "").toLowerCase().startsWith("ru") ? "ru" : "en";
    return WORDS[lang];
  };
  let socket = null;  // the page's connection to the server (the latest one opened)
  let away = false;
  let taps = 0;
  let shown = null;
  let timer = null;

  const banner = () => {
    if (shown) return shown;
    shown = document.createElement("div");
    shown.id = "connection-banner";
    shown.setAttribute("role", "status");
    shown.setAttribute("aria-live", "polite");
    shown.style.cssText = "position:fixed;left:0;right:0;top:0;z-index:2147483647;padding:10px 14px;"
      + "font:16px/1.35 Roboto,system-ui,sans-serif;color:#fff;background:#b3261e;"
      + "box-shadow:0 2px 6px rgba(0,0,0,.35);pointer-events:none;display:none";
    document.body.appendChild(shown);
    return shown;
  };
  const say = () => {
    const w = words(), el = banner();
    if (away) {
      el.style.background = "#b3261e";
      el.innerHTML = "";
      const title = document.createElement("b");
      title.textContent = w.away;
      const line = document.createElement("div");
      line.textContent = w.taps(taps);
      el.append(title, line);
      el.style.display = "block";
    }
  };
  const check = () => {
    const down = !navigator.onLine || (socket !== null && socket.readyState !== WebSocket.OPEN);
    if (down && !away) {
      away = true;
      taps = 0;
      say();
    } else if (!down && away) {
      away = false;
      const el = banner();
      el.style.background = "#1b6b3a";
      el.textContent = words().back;
      clearTimeout(timer);
      timer = setTimeout(() => { if (!away) el.style.display = "none"; }, 2500);
    }
  };
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(...args) {
      super(...args);
      socket = this;
      this.addEventListener("open", check);
      // a closed connection that Flet opens again at once (a server restarting) is not news
      this.addEventListener("close", () => setTimeout(check, 1000));
    }
  }
  window.WebSocket = Watched;
  window.addEventListener("offline", check);
  window.addEventListener("online", () => setTimeout(check, 300));
  document.addEventListener("pointerdown", () => { if (away) { taps += 1; say(); } }, true);
})();
