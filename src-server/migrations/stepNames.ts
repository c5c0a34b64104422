/**
 * Names the server used to give unnamed steps ("annotate 1", "review 2"), in English whatever the
 * reader's language. Such a name is told apart from one a user typed by its exact form: the
 * step's own type, a space and a position number.
 */
export function isGeneratedStepName(type: string, name: string): boolean {
  const match = /^(annotate|review) ([1-9][0-9]*)$/.exec(name);
  return match !== null && match[1] === type;
}
