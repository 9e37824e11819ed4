/**
 * The sandbox tax authorities with their checks on the worker pool's threads
 * (src/workers/tasks.ts): the sandbox DIAN (SandboxDian) and the sandbox PAC
 * (SandboxPac) run there unchanged; what must outlive one call stays here.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { CpuPool } from '../workers/pool';
import { runTask } from '../workers/tasks';
import type { DianAuthority, NoteFacts, SubmitContext, TestSetReceipt, Verdict } from '../countries/co/dian/authority';
import type { SigningCredentials } from '../countries/co/dian/sign';
import type { StampProvider, StampVerdict } from '../countries/mx/sat/provider';
import type { LoadedCertificate } from './certificates';

/**
 * Verdicts kept for GetStatus, and how long a technical key is trusted without asking the database again.
 * A verdict carries its signed ApplicationResponse (about 8 KB), and GetStatus is asked only for an invoice
 * whose XML was stored before an answer that never came, which an in-process authority does not do (see
 * InProcess): a thousand bounds the memory at about 10 MB.
 */
const VERDICTS_KEPT = 1000;
const KEY_TTL_MS = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  /** Test-set documents by track id: being judged, then judged (habilitación; at most VERDICTS_KEPT). */
  private batches = new Map<string, { verdict: Verdict | null }>();

  /**
   * `technicalKey` gives the technical key of a numbering resolution, as the DIAN knows it; `signer` the
   * sandbox's own certificate, which signs its ApplicationResponses.
   */
  constructor(private pool: CpuPool | undefined, private technicalKey: (issuerNit: string, resolution: string) => Promise<string | null>,
    private signer: () => Promise<SigningCredentials>, private notes: NoteFacts | null = null) {}

  async status(cufe: string): Promise<Verdict | null> {
    return this.received.get(cufe) ?? null;
  }

  private async judge(xml: string, testSet: boolean): Promise<Verdict> {
    const signer = await this.signer();
    const { keyPem, certPem } = signer;
    return runTask(this.pool, 'dian.sandbox', { xml, testSet, signer: { keyPem, certPem } },
      { asks: {
        technicalKey: (nit: string, resolution: string) => this.key(nit, resolution),
        softwarePin: async (nit: string, software: string) => (await this.notes?.softwarePin(nit, software)) ?? null,
        acceptedInvoice: async (nit: string, cufe: string) => (await this.notes?.acceptedInvoice(nit, cufe)) ?? null,
        resolutionKind: async (nit: string, resolution: string) => (await this.notes?.resolutionKind?.(nit, resolution)) ?? null,
      } });
  }

  async send(signedXml: string, ctx: SubmitContext): Promise<Verdict> {
    const verdict = await this.judge(signedXml, false);
    if (ctx.cufe) {
      if (this.received.size >= VERDICTS_KEPT) this.received.delete(this.received.keys().next().value!);
      this.received.set(ctx.cufe, verdict);
    }
    return verdict;
  }

  /** SendTestSetAsync, as SandboxDian's: the document is judged after this answers (see SandboxDian.sendTestSet). */
  async sendTestSet(signedXml: string, testSetId: string): Promise<TestSetReceipt> {
    if (!UUID.test(testSetId)) return { trackId: null, errors: [{ code: 'TEST_SET', message: `The test set id ${testSetId} is not a GUID` }] };
    const trackId = randomUUID();
    const batch: { verdict: Verdict | null } = { verdict: null };
    if (this.batches.size >= VERDICTS_KEPT) this.batches.delete(this.batches.keys().next().value!);
    this.batches.set(trackId, batch);
    new Promise<void>((ok) => setImmediate(ok)).then(() => this.judge(signedXml, true)).then((v) => { batch.verdict = v; }, (e) => {
      batch.verdict = { status: 'Rejected', cufe: null, errors: [{ code: 'XML', message: String((e as Error)?.message ?? e) }], observations: [] };
    });
    return { trackId, errors: [] };
  }

  async statusZip(trackId: string): Promise<Verdict[] | null> {
    const batch = this.batches.get(trackId);
    if (!batch) return [{ status: 'Rejected', cufe: null, errors: [{ code: 'TRACK_ID', message: `No document was sent under track id ${trackId}` }], observations: [] }];
    return batch.verdict ? [batch.verdict] : null;
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
