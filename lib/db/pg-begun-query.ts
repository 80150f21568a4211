import pg from 'pg';

/** What pg's Query (lib/query.js) has beyond its published types, and what a client's connection tracks. */
interface QueryInternals {
  queryMode?: 'extended';
  submit(connection: pg.Connection): Error | null;
  handleCommandComplete(message: unknown, connection: pg.Connection): void;
}
interface ConnectionInternals {
  parsedStatements: Record<string, string | undefined>;
}

const connectionOf = (client: pg.ClientBase) =>
  (client as unknown as { connection: ConnectionInternals }).connection;

/**
 * Whether `statement` can be sent behind a BEGIN in one message sequence on `client`: an unnamed
 * statement always, a named one once the connection has parsed it. pg notes a named statement as
 * parsed on the first ParseComplete its query receives, which would be the BEGIN's; had the statement's
 * own Parse then failed, the connection would believe in a statement the server never made.
 */
export function canFollowBegin(client: pg.ClientBase, statement: { name?: string; text: string }): boolean {
  return !statement.name || connectionOf(client).parsedStatements[statement.name] === statement.text;
}

/**
 * A transaction's first statement with its BEGIN in front, in one socket write answered by one reply
 * (Parse/Bind/Execute of the BEGIN, then the statement's own messages and one Sync). On loopback every
 * round trip costs both processes a socket write, a wake-up and a protocol pass: this saves one per
 * transaction. Inside one Sync an explicit BEGIN turns the implicit transaction block into the
 * transaction itself, which outlives the Sync as if BEGIN had been sent alone; if the statement fails,
 * the transaction is left aborted, as it would be, and the caller's ROLLBACK ends it.
 *
 * The result is the statement's: the BEGIN's CommandComplete is not counted in it.
 */
export function begunQuery(
  client: pg.ClientBase,
  begin: string,
  statement: { name?: string; text: string; values: unknown[] },
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const query = new pg.Query(statement, (error: Error | undefined, result: unknown) =>
      error ? reject(error) : resolve(result as pg.QueryResult),
    );
    const internals = query as unknown as QueryInternals;
    // Unnamed and without parameters, the statement would go as a simple Query, which has no place behind an Execute.
    internals.queryMode = 'extended';
    const submitStatement = internals.submit.bind(query);
    // pg writes each message on its own: corked, the BEGIN and the statement leave in one write.
    internals.submit = (connection) => {
      connection.stream.cork();
      try {
        connection.parse({ name: '', text: begin, types: [] }, false);
        connection.bind({}, false);
        connection.execute({}, false);
        // Its errors (no text, a name reused for other text, values not an array) cannot arise here:
        // the text and the values array are ours, and canFollowBegin vouched for the name.
        return submitStatement(connection);
      } finally {
        connection.stream.uncork();
      }
    };
    const completeStatement = internals.handleCommandComplete.bind(query);
    let beginCompleted = false;
    internals.handleCommandComplete = (message, connection) => {
      if (beginCompleted) completeStatement(message, connection);
      beginCompleted = true;
    };
    void client.query(query);
  });
}
