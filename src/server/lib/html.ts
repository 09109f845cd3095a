const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text for an HTML document we assemble ourselves (e-mails, filled legal texts): member-supplied
 * or configured text never becomes markup (design §10).
 * @example escapeHtml('<b>"Tom & Jerry"</b>') // "&lt;b&gt;&quot;Tom &amp; Jerry&quot;&lt;/b&gt;"
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
