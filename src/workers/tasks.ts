/**
 * The CPU work that runs on the pool's threads (./pool.ts), by name. Each
 * task takes plain data (what the main thread read from the database) and
 * gives plain data back; keys, certificates and fonts are decoded once per
 * thread and kept (privateKeyOf, describeCertificate, the PDF fonts).
 */
import { generateTestCertificate, loadPkcs12, type LoadedCertificate, type TestCertificateOptions } from '../einvoice/certificates';
import { buildInvoiceXml, buildNoteXml, type BuildInvoiceInput, type BuildNoteInput } from '../countries/co/dian/ubl';
import { signInvoiceXml, type SigningCredentials } from '../countries/co/dian/sign';
import { SandboxDian } from '../countries/co/dian/authority';
import { customerPackage } from '../countries/co/dian/attached';
import { buildEnvelope, dianZip, type DianOperation } from '../countries/co/dian/soap';
import { buildCfdi, type CfdiInput } from '../countries/mx/sat/cfdi';
import { buildPaymentCfdi, type PaymentCfdiInput } from '../countries/mx/sat/payment';
import { SandboxPac } from '../countries/mx/sat/provider';
import { checkCfdiSchema } from '../countries/mx/sat/schema';
import { warmUbl } from '../einvoice/xsd';
import { invoicePdf, notePdf, paymentPdf, voucherPdf } from '../pdf/document';
import type { Ask, CpuPool, RunOptions } from './pool';
import { isRecord } from '../platform/json';
import { building } from '../einvoice/unbuildable';
import { weakPassword } from '../platform/password-strength';

export interface TaskContext {
  /** Calls a function the main thread gave with the task (RunOptions.asks). */
  ask(name: string, ...args: unknown[]): Promise<unknown>;
}

/**
 * The sandbox PAC of this thread. It remembers what it stamped, so that a
 * CFDI sent again gets its first stamp (the caller sends a CFDI to the same
 * thread every time); after STAMPS_KEPT stamps it starts over, which bounds
 * its memory.
 */
const STAMPS_KEPT = 500; // each keeps the stamped CFDI (a few KB): a few MB per thread
let pac: { certPem: string; instance: SandboxPac; stamps: number } | null = null;
function sandboxPac(provider: LoadedCertificate): SandboxPac {
  if (!pac || pac.certPem !== provider.certPem || pac.stamps >= STAMPS_KEPT) {
    pac = { certPem: provider.certPem, instance: new SandboxPac(async () => provider), stamps: 0 };
  }
  pac.stamps++;
  return pac.instance;
}

/** What the main thread answered the sandbox DIAN's asks (src/einvoice/threaded.ts), read back from the message. */
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const acceptedInvoice = (v: unknown) => (isRecord(v) && typeof v.number === 'string' && typeof v.date === 'string' ? { number: v.number, date: v.date, pos: v.pos === true } : null);

export const TASKS = {
  /** Compiles the official schemas in this thread (startServer runs it on each thread before serving). */
  'schemas.warm': async () => { await warmUbl(); await checkCfdiSchema('<warm/>'); return true; },
  /** Opens a PKCS#12 (node-forge derives its keys in JavaScript: slow). */
  'pkcs12.load': (a: { p12: string; password: string }) => loadPkcs12(a.p12, a.password),
  /** A self-signed test certificate (demo companies, the sandbox PAC). */
  'certificate.generate': (a: TestCertificateOptions) => generateTestCertificate(a),

  /** The UBL credit or debit note, built and signed as an invoice is (what it throws: a DocumentBuildError, never retried). */
  'dian.signNote': building(async (a: { input: BuildNoteInput; credentials: SigningCredentials }) => {
    const built = buildNoteXml(a.input);
    return { xml: await signInvoiceXml(built.xml, a.credentials, { written: true }), cude: built.cude };
  }),
  /** The UBL invoice, built and signed (XAdES-EPES) with the company's certificate (throws a DocumentBuildError). */
  'dian.sign': building(async (a: { input: BuildInvoiceInput; credentials: SigningCredentials }) => {
    const built = buildInvoiceXml(a.input);
    return { xml: await signInvoiceXml(built.xml, a.credentials, { written: true }), cufe: built.cufe };
  }),
  /**
   * What the sandbox DIAN answers, with its ApplicationResponse signed by `signer` (the sandbox's own
   * certificate); it asks the main thread for the technical key of a resolution.
   */
  'dian.sandbox': (a: { xml: string; testSet?: boolean; signer: SigningCredentials }, ctx: TaskContext) =>
    new SandboxDian((nit, resolution) => ctx.ask('technicalKey', nit, resolution).then(text), async () => a.signer, {
      softwarePin: (nit, software) => ctx.ask('softwarePin', nit, software).then(text),
      acceptedInvoice: (nit, cufe) => ctx.ask('acceptedInvoice', nit, cufe).then(acceptedInvoice),
      resolutionKind: (nit, resolution) => ctx.ask('resolutionKind', nit, resolution).then(text),
    }).judge(a.xml, { testSet: a.testSet }),
  /** The customer's package of an accepted invoice: its AttachedDocument, signed by the issuer, and the PDF in one ZIP. */
  'dian.attached': async (a: Parameters<typeof customerPackage>[0]) => {
    const pack = await customerPackage(a);
    return { zipName: pack.zipName, zip: new Uint8Array(pack.zip.buffer, pack.zip.byteOffset, pack.zip.byteLength) };
  },
  /** A signed SOAP envelope for the DIAN web service. */
  'dian.envelope': (a: { op: DianOperation; body: Record<string, string>; to: string; credentials: SigningCredentials }) =>
    buildEnvelope(a.op, a.body, a.to, a.credentials),
  /** The ZIP the DIAN web service takes, base64. */
  'dian.zip': (a: { entry: string; xml: string }) => dianZip(a.entry, a.xml),

  /** The CFDI 4.0, built and sealed with the company's CSD. */
  'sat.seal': building((a: { input: CfdiInput; credentials: LoadedCertificate }) => buildCfdi(a.input, a.credentials).xml),
  /** The CFDI of a payment receipt (type P, Pagos 2.0), built and sealed with the company's CSD. */
  'sat.sealPayment': building((a: { input: PaymentCfdiInput; credentials: LoadedCertificate }) => buildPaymentCfdi(a.input, a.credentials).xml),
  /** What the sandbox PAC answers (run with affinity, see sandboxPac). */
  'sat.stamp': (a: { xml: string; provider: LoadedCertificate }) => sandboxPac(a.provider).stamp(a.xml),

  /** Why a console password is too easy to guess, or null (hundreds of milliseconds for a long random one). */
  'password.strength': (a: { password: string; known: string[] }) => weakPassword(a.password, a.known),

  'pdf.invoice': invoicePdf,
  'pdf.voucher': voucherPdf,
  'pdf.note': notePdf,
  'pdf.payment': paymentPdf,
};

export type TaskName = keyof typeof TASKS;
export type TaskArg<K extends TaskName> = Parameters<(typeof TASKS)[K]>[0];
export type TaskResult<K extends TaskName> = Awaited<ReturnType<(typeof TASKS)[K]>>;

/** Runs a task on the pool's threads, or in this thread when there is no pool (tools, tests). */
export function runTask<K extends TaskName>(pool: CpuPool | undefined, name: K, arg: TaskArg<K>, o: RunOptions = {}): Promise<TaskResult<K>> {
  if (pool) return pool.run(name, arg, o);
  const ctx: TaskContext = {
    ask: async (what, ...args) => {
      const fn = o.asks?.[what] as Ask | undefined;
      if (!fn) throw new Error(`The task ${name} asked for ${what}, which it was not given`);
      return fn(...args);
    },
  };
  return Promise.resolve().then(() => (TASKS[name] as (arg: TaskArg<K>, ctx: TaskContext) => TaskResult<K> | Promise<TaskResult<K>>)(arg, ctx));
}
