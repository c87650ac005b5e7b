// belote-teach page stylesheet (PageStyle): anywidget puts the model's _css in the page's
// <head>; this module also defines <bt-board>, the element a board drawn as a plain HTML
// output (StaticBoard) comes in. It shows its content in a shadow root that adopts the
// same stylesheet, out of reach of the rules JupyterLab and Voila give HTML outputs
// (tables, paragraphs, lists, text size), so it looks as a CardBoard widget does. The
// element stays hidden (its inline visibility) until then, as a widget does until drawn.
const SHEET = Symbol.for("belote-teach.board-sheet");

function initialize({ model }) {
  // one sheet for the whole page, whichever PageStyle model (kernel) fills it last
  const sheet = (globalThis[SHEET] ??= new CSSStyleSheet());
  const fill = () => sheet.replaceSync(model.get("_css") || "");
  fill();
  model.on("change:_css", fill);
  if (!customElements.get("bt-board")) {
    customElements.define("bt-board", class extends HTMLElement {
      connectedCallback() {
        if (this.shadowRoot) return;
        // its content may still be on its way while the page is being parsed
        if (document.readyState === "loading") {
          document.addEventListener("DOMContentLoaded", () => this.connectedCallback(),
                                    { once: true });
          return;
        }
        const root = this.attachShadow({ mode: "open" });
        root.adoptedStyleSheets = [sheet];
        root.append(...this.childNodes);
        this.style.removeProperty("visibility");
      }
    });
  }
  return () => model.off("change:_css", fill);
}

export default { initialize, render() {} };
