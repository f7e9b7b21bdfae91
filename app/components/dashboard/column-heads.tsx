/** A dashboard table's header row; `num` columns align right like their figures. */
export function ColumnHeads({ columns }: { columns: Array<{ label: string; num?: boolean }> }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.num ? "num" : undefined}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
