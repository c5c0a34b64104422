import type { InputProps } from 'antd';

/** Characters as the server counts them (code points, src-shared/model/text.ts), not UTF-16 units. */
const codePoints = (value: string) => [...value].length;

/**
 * The props that make an antd Input or TextArea keep to the server's length limit of a field
 * (its schema's maxLength) and say so: nothing past the limit is taken, and from four fifths of
 * it on a counter shows "57 / 64", so text is never cut without a word (docs/words.md).
 */
export function lengthLimit(max: number): Pick<InputProps, 'count'> {
  const from = Math.floor(max * 0.8);
  return {
    count: {
      max,
      strategy: codePoints,
      show: ({ count }) => (count >= from ? `${count} / ${max}` : null),
      exceedFormatter: (value, { max: limit }) => [...value].slice(0, limit).join(''),
    },
  };
}
