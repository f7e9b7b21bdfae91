// Chart colours from the page's own palette (zinc primary, the status colours), read when
// the charts are drawn so the dark theme gets its own.

export type ChartTheme = { text: string; muted: string; grid: string; primary: string; series: string[] };

export function readChartTheme(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  const css = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: css("--text-color", "#18181b"),
    muted: css("--text-color-secondary", "#52525b"),
    grid: css("--surface-border", "#e4e4e7"),
    primary: css("--primary-color", "#09090b"),
    // Ukraine's blue and yellow first, then distinct, colour-blind-friendly hues.
    series: ["#0057b7", "#ffd700", "#16a34a", "#dc2626", "#7c3aed", "#ea580c"],
  };
}
