/** The hosted calendar's address on this site. */
export const hostedCalendarUrl = (origin: string, calendarId: string) => `${origin}/calendar/${calendarId}`;

/**
 * The copy-paste snippet for a customer's site: the iframe and the few lines that set its height from
 * the page's `leadtorget:height` messages (checked by source, since the parent cannot know our origin).
 */
export function embedSnippet(origin: string, calendarId: string, title: string): string {
  const safeTitle = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe
  src="${origin}/calendar/iframe?id=${calendarId}"
  title="${safeTitle}"
  loading="lazy"
  style="width:100%;border:0"
  data-leadtorget-calendar
></iframe>
<script>
  addEventListener('message', (event) => {
    const frame = document.querySelector('iframe[data-leadtorget-calendar]');
    if (frame && event.source === frame.contentWindow && event.data?.type === 'leadtorget:height')
      frame.style.height = event.data.height + 'px';
  });
</script>`;
}
