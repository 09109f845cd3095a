type Props = {
  /** The columns' headings, in order (each one distinct). */
  labels: string[];
  /** The columns (by index) that hold numbers: their headings align with them. */
  numeric?: readonly number[];
};

/** design §13: the heading row of a console table, each heading scoped to its column. */
export default function ColumnHeads({ labels, numeric = [] }: Props) {
  return (
    <thead>
      <tr>
        {labels.map((label, index) => (
          <th key={label} scope="col" className={numeric.includes(index) ? "num" : undefined}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
