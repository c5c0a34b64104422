import { Compile } from 'typebox/compile';
import { AnnotationObject, FrameData } from '../../src-shared/model/annotation';

/**
 * Schema checks compiled once, for the server's loops over many values (an import's objects, a
 * lossless file's frames): typebox's interpreted Value.Check took 0.3 ms an object, 6 s of a
 * blocked event loop for 20,000 (bench/exchange-cvat.ts); compiled it is 60 times faster.
 * Compiled on first use: the server's start does not pay for checks it may never run. Server
 * only: the compiled check is generated code, which the workstation's page would not run.
 */
let objectCheck: ReturnType<typeof Compile<typeof AnnotationObject>> | null = null;
let frameCheck: ReturnType<typeof Compile<typeof FrameData>> | null = null;

export const isAnnotationObject = (v: unknown): v is AnnotationObject => (objectCheck ??= Compile(AnnotationObject)).Check(v);
export const isFrameData = (v: unknown): v is FrameData => (frameCheck ??= Compile(FrameData)).Check(v);
