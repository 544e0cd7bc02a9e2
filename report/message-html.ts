import { Marked, type Tokens } from "marked";
import { escapeHtml } from "./table-html.js";

// An agent's message as the user would see it: its markdown rendered, but never its raw HTML (a
// message is untrusted text) and never a link to anything but http(s) or mailto.

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      return /^(https?:|mailto:)/i.test(token.href) ? `<a href="${escapeHtml(token.href)}" rel="noopener noreferrer" target="_blank">${text}</a>` : text;
    },
    image: (token: Tokens.Image) => escapeHtml(token.text),
  },
});

export function messageHtml(markdown: string): string {
  return marked.parse(markdown, { async: false }) as string;
}
