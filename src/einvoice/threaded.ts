/**
 * The sandbox tax authorities with their checks on the worker pool's threads
 * (src/workers/tasks.ts): the sandbox DIAN (SandboxDian) and the sandbox PAC
 * (SandboxPac) run there unchanged; what must outlive one call stays here.
 */
import { createHash } from 'node:crypto';
import type { CpuPool } from '../workers/pool';
import { runTask } from '../workers/tasks';
import type { DianAuthority, SubmitContext, Verdict } from './dian/authority';
import type { StampProvider, StampVerdict } from './sat/provider';
import type { LoadedCertificate } from './certificates';

/** Verdicts kept for GetStatus, and how long a technical key is trusted without asking the database again. */
const VERDICTS_KEPT = 10_000;
const KEY_TTL_MS = 5_000;

/**
 * An authority in this process: what it has received dies with the process,
 * so a stamping job need not record what it sends before sending it (a job
 * cut short is simply done again).
 */
export interface InProcess { readonly inProcess: true }
export const inProcess = (authority: object): boolean => (authority as Partial<InProcess>).inProcess === true;

export class ThreadedSandboxDian implements DianAuthority, InProcess {
  readonly name = 'sandbox';
  readonly inProcess = true;
  private received = new Map<string, Verdict>();
  private keys = new Map<string, { key: Promise<string | null>; until: number }>();

  /** `technicalKey` gives the technical key of a numbering resolution, as the DIAN knows it. */
  constructor(private pool: CpuPool | undefined, private technicalKey: (issuerNit: string, resolution: string) => Promise<string | null>) {}

  async status(cufe: string): Promise<Verdict | null> {
    return this.received.get(cufe) ?? null;
  }

  async send(signedXml: string, ctx: SubmitContext): Promise<Verdict> {
    const verdict = await runTask(this.pool, 'dian.sandbox', { xml: signedXml }, { asks: { technicalKey: (nit: string, resolution: string) => this.key(nit, resolution) } });
    if (ctx.cufe) {
      if (this.received.size >= VERDICTS_KEPT) this.received.delete(this.received.keys().next().value!);
      this.received.set(ctx.cufe, verdict);
    }
    return verdict;
  }

  private key(nit: string, resolution: string): Promise<string | null> {
    const id = `${nit}\n${resolution}`;
    const hit = this.keys.get(id);
    if (hit && hit.until > Date.now()) return hit.key;
    if (this.keys.size >= 1000) this.keys.clear();
    const key = this.technicalKey(nit, resolution);
    this.keys.set(id, { key, until: Date.now() + KEY_TTL_MS });
    key.catch(() => this.keys.delete(id));
    return key;
  }
}

export class ThreadedSandboxPac implements StampProvider, InProcess {
  readonly name = 'sandbox';
  readonly inProcess = true;

  /** `provider` gives the provider's own certificate (kept by the caller). */
  constructor(private pool: CpuPool | undefined, private provider: () => Promise<LoadedCertificate>) {}

  /** Each CFDI goes to one thread, whose sandbox PAC remembers what it stamped (a CFDI sent again gets its first stamp). */
  async stamp(sealedCfdi: string): Promise<StampVerdict> {
    const affinity = createHash('sha1').update(sealedCfdi).digest().readUInt32BE(0);
    return runTask(this.pool, 'sat.stamp', { xml: sealedCfdi, provider: await this.provider() }, { affinity });
  }
}
