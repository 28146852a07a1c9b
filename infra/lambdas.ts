/**
 * Every Lambda the program creates, as it is created. SST's components make a function's Lambda
 * only after building it, inside API routes, queue subscribers and crons that do not all hand it
 * back, so a stack transformation sees each Lambda registered (and changes nothing) and tells
 * whoever asked (monitoring.ts: the alarms on Lambda's own metrics). Imported first in
 * sst.config.ts's run(), before any function exists.
 */
export interface CreatedLambda {
  /** The Lambda's logical name (`<component>Function`). */
  logicalName: string;
  handler: $util.Input<string>;
  /** Its physical name, the `FunctionName` of its metrics. */
  name: $util.Input<string>;
}

const created: CreatedLambda[] = [];
const listeners: Array<(lambda: CreatedLambda) => void> = [];

$util.runtime.registerStackTransformation((args) => {
  if (args.type === "aws:lambda/function:Function") {
    const lambda = {
      logicalName: args.name,
      handler: args.props.handler as $util.Input<string>,
      name: args.props.name as $util.Input<string>,
    };
    created.push(lambda);
    for (const listener of listeners) listener(lambda);
  }
  return undefined;
});

/** Calls `listener` for every Lambda created so far and for each one created from now on. */
export function eachLambda(listener: (lambda: CreatedLambda) => void) {
  for (const lambda of created) listener(lambda);
  listeners.push(listener);
}
