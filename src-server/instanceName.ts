import crypto from 'node:crypto';
import os from 'node:os';

/**
 * A name for one running piece of this server (an export runner, the AI dispatcher, the duty
 * scheduler): the machine, the process, and a few random letters, since tests run several
 * servers in one process. What it holds in the database is recorded under it.
 */
export const instanceName = (): string => `${os.hostname()}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
