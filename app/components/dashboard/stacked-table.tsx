import type { ReactNode } from "react";

/** A column's label; with `num`, its figures (and heading) align right. */
type Column = string | { label: string; num: true };

/** A dashboard table whose rows stack on narrow screens, scrolling sideways where they must not; `children` is its body. */
export function StackedTable({ className, columns, children }: { className?: string; columns: Column[]; children: ReactNode }) {
  return (
    <div className="table-scroll">
      <table className={className ? `stats-table stats-table--stack ${className}` : "stats-table stats-table--stack"}>
        <thead>
          <tr>
            {columns.map((column) => {
              const { label, num } = typeof column === "string" ? { label: column, num: false } : column;
              return (
                <th key={label} scope="col" className={num ? "num" : undefined}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
