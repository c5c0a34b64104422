/** Error keys of the AI routes and their codes; translations: src-renderer/src/i18n/errors/ai.ts */
export const AI_ERROR_KEYS = {
  /** AI is switched off in this project's settings */
  'ai.disabled': 403,
  /** no such model for this project (or not for that tool); data: { modelId } */
  'ai.modelNotFound': 404,
  /** the model is not ready: still loading, failed to load, or its service is away; data: { modelId, state } */
  'ai.modelNotReady': 409,
  /** the model does not do what was asked (a pose model asked for boxes); data: { modelId, tool } */
  'ai.modelWrongTool': 400,
  /** only an untrained detector's classes are mapped to labels (a trained version learned its own; other models take the chosen label); data: { modelId } */
  'ai.noClassMapping': 409,
  /** a class the model does not have, or a label that is not one of the project's box or outline labels; data: { className } or { featureId, labelId } */
  'ai.classMapInvalid': 400,
  /** nothing to serve the request: no model for the tool and no default; data: { tool } */
  'ai.noModel': 409,
  /** the project has no feature of the tool to put the predictions in; data: { tool } */
  'ai.noFeature': 409,
  /** no such AI job in the project; data: { jobId } */
  'ai.jobNotFound': 404,
  /** only a queued or running job can be cancelled or terminated; data: { state } */
  'ai.jobFinished': 409,
  /** a callback for a job with a wrong, expired or foreign token */
  'ai.badCallbackToken': 401,
  /** a callback's kind does not fit its job (a predict callback for a training run); data: { kind, type } */
  'ai.wrongCallbackKind': 400,
  /** the model service could not be reached or did not answer in time; data: { service } */
  'ai.serviceUnreachable': 502,
  /**
   * the model service failed the server's call: its own error, a refused key, an answer outside
   * the protocol; data: { service, status (its class: '4xx', '5xx'), code? (a protocol code), message? (the built-in service's only) }
   */
  'ai.serviceRefused': 502,
  /** the model service is busy (its queue is full); try again shortly; data: { service } */
  'ai.serviceBusy': 503,
  /** the model service could not use what was asked (a prompt or request it cannot work with); data: { service, code, message? } */
  'ai.requestRefused': 422,
  /** the server does not call this address for a team: it is internal (loopback, private, link-local, metadata); data: { service } */
  'ai.serviceAddressRefused': 400,
  /** the team has as many model services as it may have; data: { max } */
  'ai.tooManyServices': 409,
  /** the team has as many models as it may bring in; data: { max } */
  'ai.tooManyModels': 409,
  /** the team brought in models too often lately; data: { retryAfterSeconds } */
  'ai.serveLimited': 429,
  /** this person asked for frames to be got ready too often lately; data: { retryAfterSeconds } */
  'ai.warmLimited': 429,
  /** a box or click lies outside the frame, or a box has no area; data: { frameId, width, height, problem: 'outside' | 'empty' } */
  'ai.promptOutsideFrame': 400,
  /** a pre-annotation job names video items: jobs take pictures and frame sequences (docs/video.md); data: { taskSubjectIds } */
  'ai.videoNotSupported': 422,
  /** AI on a video's frame needs ffmpeg on the team server to decode it, and the server has none (docs/video.md); data: {} */
  'ai.videoNeedsFfmpeg': 503,
  /** the server could not decode the video's frame for the model (damaged file, or its frame times are missing); data: { key, frame?, detail? } */
  'ai.videoUnreadable': 422,
  /** the model service could not read the image (deleted, damaged); data: { frameId } */
  'ai.imageUnreadable': 422,
  /** the uploaded model file is not a model this runtime can run (corrupt, wrong input or output shape); data: { message } */
  'ai.modelInvalid': 422,
  /** the uploaded model file is missing from the store or too large; data: { key, max? } */
  'ai.modelFileMissing': 404,
  /**
   * A team's SAM pair (src-shared/ai/samContract.ts) does not fit the contract, said before it
   * is stored: data { name (the tensor, '—' when it is missing), expected, got ('—' when there is
   * none) }, shapes written as [1, 3, S, S] float32. The encoder's input; the encoder's outputs;
   * the decoder's inputs; the decoder's outputs; the decoder's embedding input against what the
   * encoder answers (expected: the encoder's, got: the decoder's).
   */
  'ai.samEncoderInput': 422,
  'ai.samEncoderOutput': 422,
  'ai.samDecoderInput': 422,
  'ai.samDecoderOutput': 422,
  'ai.samPairMismatch': 422,
  /** one file of a team's SAM pair is not an ONNX model at all (cut short, not protobuf, no graph, too many nodes); data: { file (its uploaded name), part: encoder | decoder } */
  'ai.samFileUnreadable': 422,
  /** the item or frame is gone (deleted while someone looked at it); data: { taskSubjectId?, frameId? } */
  'ai.itemNotFound': 404,
  /** nothing to work on: no items matched, or no reviewed items to train on; data: { reason } */
  'ai.nothingToDo': 409,
  /** too few reviewed items to train and still hold some out; data: { items, min } */
  'ai.tooFewExamples': 409,
  /** a job of this kind already runs for this model in this project; data: { jobId } */
  'ai.jobRunning': 409,
  /** the model cannot be trained (a weight-free tool, an external service); data: { modelId } */
  'ai.notTrainable': 400,
  /** the external service address is not an http(s) URL the server will call; data: { url } */
  'ai.badServiceUrl': 400,
  /** the model has no statistics yet (never evaluated against reviewed items); data: { modelId } */
  'ai.noStatistics': 404,
  /**
   * the model service lists the model with a name or class name the text rule does not take as it
   * is (control or direction characters, hidden spaces, not in normal form), too long (128) or too
   * many classes (10,000): the model is not stored; data: { field: name | serviceModel | classes, index?, problem }
   */
  'ai.modelTextRefused': 502,
} as const;
