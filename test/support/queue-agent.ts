/** The uid of the agent whose queue the queue tests look at (`mine` is theirs). */
export const ME = 'agent-1';
