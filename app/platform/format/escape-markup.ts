/** Text made safe inside XML or HTML elements and quoted attributes (sitemap, feeds, the busy page). */
export function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
