import type { FormInstance } from 'antd';

/**
 * The form's values when every rule passes, or null when one does not (its field then shows
 * why). antd's `validateFields` rejects instead, and a rejection a click handler does not catch
 * is an "Uncaught (in promise)" in the console on every empty submit (issue 17). Lint sends
 * every form through here (eslint.config.js).
 */
export async function validFormValues<T>(form: FormInstance<T>, fields?: Parameters<FormInstance<T>['validateFields']>[0]): Promise<T | null> {
  try {
    // The one place validateFields may be called: its rejection is caught right here.
    // eslint-disable-next-line no-restricted-syntax
    return (await (fields ? form.validateFields(fields) : form.validateFields())) as T;
  } catch (err) {
    // Only a failed rule means "show the fields"; anything else is a real failure to report.
    if (err && typeof err === 'object' && 'errorFields' in err) return null;
    throw err;
  }
}
