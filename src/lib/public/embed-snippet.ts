type EmbedSnippetInput = {
  /** This site's origin, e.g. `https://leadtorget.no`. */
  origin: string;
  /** The embeddable page with its query, e.g. `/calendar/iframe?id=…`. */
  path: string;
  /** The data attribute that marks this tool's frame on the customer's page, e.g. `data-leadtorget-calendar`. */
  dataAttribute: `data-${string}`;
  /** The frame's accessible name. */
  title: string;
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The copy-paste snippet for a customer's site: the iframe and the few lines that set its height from
 * the page's `leadtorget:height` messages (checked by source, since the parent cannot know our origin).
 * Each tool marks its frame with its own attribute, so two tools on one page size their own frames.
 */
export function embedSnippet({ origin, path, dataAttribute, title }: EmbedSnippetInput): string {
  return `<iframe
  src="${escapeAttribute(`${origin}${path}`)}"
  title="${escapeAttribute(title)}"
  loading="lazy"
  style="width:100%;border:0"
  ${dataAttribute}
></iframe>
<script>
  addEventListener('message', (event) => {
    const frame = document.querySelector('iframe[${dataAttribute}]');
    if (frame && event.source === frame.contentWindow && event.data?.type === 'leadtorget:height')
      frame.style.height = event.data.height + 'px';
  });
</script>`;
}
