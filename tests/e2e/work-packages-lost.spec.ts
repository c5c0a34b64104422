import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { LocalPackage, LostExportFile, PackageItemView } from '../../src-shared/ipc/packages';
import { tokenOf } from './pages/logEvidence';
import { call, loggedInPage } from './pages/teamSetup';
import { MyWorkPage } from './pages/workPages';
import { workWorld } from './pages/workSetup';
import { workstationCall } from './pages/workstationCall';

/**
 * Items lost with the lease on My work (docs/offline-day.md, "Workstation: lost with the
 * lease"): the annotator's workstation took a package and saved an edit on one item; the task
 * owner takes the package back; the next edit, on the other item, finds it moved on (a
 * conflict), so the workstation asks the server, and My work shows both items as taken back
 * while it is open, exports a copy as JSON and dismisses them. The workstation side of taking
 * and working a package has no page yet, so the test goes through the workstation's contract as
 * those pages will.
 */
test('My work lists the items taken back from the annotator\'s package, exports their copy as JSON and dismisses them', async ({ browser, request }) => {
  const w = await workWorld(request, 2);
  const page = await loggedInPage(browser, w.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  await expect(page.getByTestId('lost-with-lease')).toHaveCount(0);

  const caller = await tokenOf(page.context());
  const ws = <T>(method: string, args: unknown) => workstationCall<T>(request, method, args, caller);
  const taken = await ws<LocalPackage>('packages.take', { projectId: w.projectId, taskId: w.taskId, workflowId: w.annotateStep });
  expect(taken.taskSubjectIds).toHaveLength(2);
  const [editedId, otherId] = taken.taskSubjectIds as [number, number];
  const open = async (taskSubjectId: number) => {
    const item = await ws<PackageItemView>('packages.item', { packageId: taken.packageId, taskSubjectId });
    await ws('journal.open', { taskSubjectId, serverVersion: item.annotations.version });
    return item;
  };
  // One item is worked on: an edit goes through the journal to the server.
  const item = await open(editedId);
  const other = await open(otherId);
  const ontology = await call(request, w.owner, 'GET', `/project/${w.projectId}/ontology`);
  const box = ontology.features.find((f: { tool: string }) => f.tool === 'box');
  const cat = { id: 'lost-cat', featureId: box.featureId, labelId: box.labels[0].id, tool: 'box', geometry: { x: 10, y: 10, width: 40, height: 30 }, attributes: {}, zIndex: 0, source: 'manual' };
  await ws('journal.append', { taskSubjectId: editedId, frameId: item.card.frameIds[0], upsert: [cat] });
  await ws('journal.flush', { taskSubjectId: editedId });

  // The owner takes the whole package back, the started item too.
  const back = await call(request, w.owner, 'POST', '/task/subject/package/return', { projectId: w.projectId, packageId: taken.packageId });
  expect(back.returnedIds).toHaveLength(2);

  // An edit on the other item meets the take-back: the workstation asks the server and My work,
  // open all along, lists both.
  await ws('journal.append', { taskSubjectId: otherId, frameId: other.card.frameIds[0], upsert: [{ ...cat, id: 'unsent-cat' }] });
  const card = page.getByTestId('lost-with-lease');
  await expect(card).toBeVisible();
  const edited = card.getByTestId(`lost-item-${editedId}`);
  await expect(edited).toContainText('Taken back by the task owner');
  await expect(edited).toContainText(w.taskName);
  await expect(edited).toContainText('Annotate 1');
  await expect(edited).toContainText('1 change on this computer');
  await expect(card.getByTestId(`lost-item-${otherId}`)).toContainText('1 change on this computer');

  // Exported as JSON into the workstation's downloads folder (a browser's option on the
  // workstation's computer; the browser's downloads are the default): the edit is in the copy.
  await edited.getByRole('button', { name: 'Export as JSON' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('file-side-machine').click();
  // The path proposed: the workstation's downloads folder, once the page has asked where it is.
  const path = dialog.getByTestId('lost-export-path');
  await expect(path).toHaveValue(/lost-with-lease-\d{8}-\d{6}\.json$/);
  const file = await path.inputValue();
  await dialog.getByTestId('lost-export-save').click();
  await expect(dialog.getByRole('status')).toContainText('Exported 1 item');
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as LostExportFile;
  expect(exported.items.map((i) => i.taskSubjectId)).toEqual([editedId]);
  expect(exported.items[0]!.annotations.frames.flatMap((f) => f.data.objects.map((o) => o.id))).toEqual(['lost-cat']);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // Dismissed one by one; with none left the card is gone.
  await edited.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByTestId('lost-dismiss-confirm').click();
  await expect(edited).toHaveCount(0);
  await card.getByTestId(`lost-item-${otherId}`).getByRole('button', { name: 'Dismiss' }).click();
  await page.getByTestId('lost-dismiss-confirm').click();
  await expect(card).toHaveCount(0);
});
