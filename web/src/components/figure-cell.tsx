// A table cell holding one figure: the number as the reader sees it, and as it is in the document
// (`data-value`, '' for none), which the browser tests compare with the document they fetch.
export function FigureCell({ figure, value, text, tone }: { figure: string; value: number | string | null | undefined; text: string; tone?: 'up' | 'down' }) {
  return (
    <td class={tone ? `num ${tone}` : 'num'} data-figure={figure} data-value={value ?? ''}>
      {text}
    </td>
  );
}
