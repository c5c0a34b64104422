import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { normalizeTextOf, type TextKind } from '../../../src-shared/model/text';

/**
 * The server's text rule (src-shared/model/text.ts) as a form rule, so a name with a control
 * character, a direction override or nothing visible is refused as it is typed, with the reason,
 * rather than by the server after Save. An empty or blank value is left to the field's
 * `required` rule.
 */
export const textRule = (t: TFunction, kind: TextKind = 'name'): FormRule => ({
  validator: (_rule, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '') return Promise.resolve();
    const checked = normalizeTextOf(kind, value);
    // Zero-width characters alone trim to nothing, yet the field's own blank check sees them.
    const problem = checked.ok ? (kind === 'name' && checked.value === '' ? 'invisible' : null) : checked.problem;
    return problem === null ? Promise.resolve() : Promise.reject(new Error(t(`validation.textProblem.${problem}`)));
  },
});
