import type { ChildProcess } from 'node:child_process';

/** A production bundle started by {@link startBuiltServer}. */
export interface BuiltServer {
  origin: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** The Node.js the server logs it runs on; `undefined` when its logs are not read. */
  nodeVersion: Promise<string | undefined>;
  /** Ends the process (SIGTERM) and deletes the data folder. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;
export function isSupportedNode(version: string | undefined): boolean;
export function startBuiltServer(options?: {
  bundle?: 'shop' | 'api';
  env?: Record<string, string>;
  dataDirPrefix?: string;
  readLogs?: boolean;
}): Promise<BuiltServer>;
export function callServer(request: {
  port: number;
  host?: string;
  path: string;
  payload?: unknown;
  agent?: string;
  accept?: string;
}): Promise<{
  status: number | undefined;
  type: string;
  encoding: string | undefined;
  body: string;
}>;
export function searchFirstModel(
  port: number,
  text: string,
  host?: string,
): Promise<{ status: number | undefined; model: string | undefined }>;
