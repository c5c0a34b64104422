import type { ThrottleRule } from '../repositories/authThrottle';

/**
 * What one team or person may ask of the model services, counted in the database
 * (repositories/authThrottle.ts, the sign-in limits' mechanism) so it holds across server
 * processes. Why these figures: docs/security.md, "Calls the server makes for a team".
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Models brought in per team (POST /ai/serve, an uploaded ONNX file or a service by URL),
 * counted whether or not they load: each one makes the server call an address of the team's
 * choosing, or load a file of its making. A team sets up a handful; a scanner needs thousands.
 */
export const MODEL_REGISTRATIONS_PER_TEAM: ThrottleRule = {
  scope: 'ai.serve.team',
  windows: [
    { max: 10, ms: HOUR },
    { max: 30, ms: DAY },
  ],
};

/**
 * Frames one person asks the service to get ready (POST /ai/annotate/prediction with warm):
 * one per frame shown, so a minute's allowance is a frame every second and a half; holding the
 * arrow key through a sequence asks for more, and those extra warm-ups only cost the first
 * click on such a frame its wait.
 */
export const WARMUPS_PER_USER: ThrottleRule = {
  scope: 'ai.warm.user',
  windows: [
    { max: 40, ms: MINUTE },
    { max: 600, ms: HOUR },
  ],
};

/** Model services one team may have on record (distinct addresses). */
export const MAX_TEAM_SERVICES = 10;
/** Models one team may have brought in (uploaded files and services' models; trained versions aside). */
export const MAX_TEAM_MODELS = 50;

export const AI_LIMITS: readonly ThrottleRule[] = [MODEL_REGISTRATIONS_PER_TEAM, WARMUPS_PER_USER];
