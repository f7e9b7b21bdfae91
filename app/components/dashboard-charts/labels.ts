// Chart labels that stay readable in a narrow chart.

/**
 * A page path as chart label lines of at most `width` characters, broken after "/" or "-"
 * (a longer piece is cut into `width`-long parts), at most `most` lines, the last one ending
 * in "…" when there was more: chart.js cuts a long label at the canvas edge, and a path cut
 * that way no longer says which page it is. The full path is in the tooltip and the table.
 */
export function pathLabelLines(path: string, width: number, most = 3): string[] {
  const lines = wrapPath(path, width);
  if (lines.length <= most) return lines;
  const kept = lines.slice(0, most);
  kept[most - 1] = `${kept[most - 1]!.slice(0, width - 1)}…`;
  return kept;
}

function wrapPath(path: string, width: number): string[] {
  const pieces = path.match(/[^/-]*[/-]|[^/-]+$/g) ?? [path];
  const lines: string[] = [];
  let line = "";
  for (let piece of pieces) {
    while (piece.length > width) {
      if (line) lines.push(line);
      line = "";
      lines.push(piece.slice(0, width));
      piece = piece.slice(width);
    }
    if (line.length + piece.length > width) {
      lines.push(line);
      line = "";
    }
    line += piece;
  }
  if (line) lines.push(line);
  return lines;
}
