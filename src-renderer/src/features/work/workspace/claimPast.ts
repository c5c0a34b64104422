import { CLAIM_AHEAD_MAX, type TaskSubjectCard } from '../../../../../src-shared/api/taskSubject';

/** The waiting hand-offs as a claim must step around them (useWaitingHandoffs). */
export interface HandoffsWaiting {
  ids(): Promise<number[]>;
  gone(taskSubjectId: number): Promise<void>;
}

/**
 * Claims the next item of the step past the open one and those whose hand-off still waits.
 * The server answers the caller's own unsubmitted items first and takes at most
 * CLAIM_AHEAD_MAX exclusions, so with more hand-offs waiting than that (a fast annotator and a
 * slow server) it can answer one of them: that one is waited for until its hand-off is sent
 * (the server then answers another) rather than opened a second time.
 */
export async function claimPast(claim: (exclude: number[]) => Promise<TaskSubjectCard | null>, openId: number | undefined, handoffs: HandoffsWaiting): Promise<TaskSubjectCard | null> {
  for (;;) {
    const waiting = await handoffs.ids();
    const exclude = [...(openId === undefined ? [] : [openId]), ...waiting.filter((id) => id !== openId)].slice(0, CLAIM_AHEAD_MAX);
    const card = await claim(exclude);
    if (!card || !waiting.includes(card.taskSubjectId)) return card;
    await handoffs.gone(card.taskSubjectId);
  }
}
