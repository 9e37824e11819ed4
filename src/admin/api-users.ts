/**
 * API users: the logins (`POST {base}/auth`) of a company's integrations.
 * Creating one answers its access key once (only a salted hash is kept);
 * rotating gives a new key and revokes every token of the old one;
 * deactivating (`active: false`) refuses its logins and revokes its tokens.
 */
import { Type } from '@sinclair/typebox';
import { createApiUser, rotateKey } from '../platform/auth';
import { DomainError, notFound, Problems } from '../platform/errors';
import { validBody } from '../platform/validation';
import type { Queryable } from '../platform/db';
import { withCompany } from './audit';
import { companyRow, type Resource } from './collections';

const Username = Type.String({ minLength: 3, maxLength: 100, pattern: '^[A-Za-z0-9._@-]+$', 'x-hint': 'must be 3 to 100 letters, digits and . _ @ -',
  description: 'Login name; unique in the whole service' });
const CreateBody = Type.Object({ username: Username });
const UpdateBody = Type.Object({ username: Type.Optional(Username), active: Type.Optional(Type.Boolean({ description: 'false: logins refused, tokens revoked' })) });

const COLUMNS = 'id, username, active, created_at';
/** The columns of api_users an answer shows (migrations/001_foundation.sql). */
interface ApiUserRow { id: number; username: string; active: boolean; created_at: string }
const answer = (r: ApiUserRow) => ({ id: r.id, username: r.username, active: r.active, created: new Date(r.created_at).toISOString() });

async function one(q: Queryable, companyId: number, id: number, lock = '') {
  const [r] = await q.query<ApiUserRow>(`SELECT ${COLUMNS} FROM api_users WHERE company_id = $1 AND id = $2 ${lock}`, [companyId, id]);
  if (!r) throw notFound(`API user ${id}`, 'item');
  return r;
}

async function usernameFree(q: Queryable, username: string, id = 0): Promise<void> {
  const [taken] = await q.query('SELECT id FROM api_users WHERE username = $1 AND id <> $2', [username, id]);
  if (taken) throw new DomainError('already_exists', `The username ${username} is taken`, 'username');
}

const revokeTokens = (q: Queryable, companyId: number, id: number) =>
  q.query('DELETE FROM api_tokens WHERE company_id = $1 AND api_user_id = $2', [companyId, id]);

export const apiUsers: Resource = {
  path: 'api-users', noun: 'api-user', summary: 'API users (logins of POST /auth); the access key is answered once, on creation and rotation',
  answer: Type.Object({ id: Type.Integer(), username: Type.String(), active: Type.Boolean(), created: Type.String({ format: 'date-time' }),
    access_key: Type.Optional(Type.String({ description: 'Answered once: by the creation and by rotate' })) }),
  createBody: CreateBody, updateBody: UpdateBody,
  async list(q, companyId) {
    await companyRow(q, companyId);
    return (await q.query<ApiUserRow>(`SELECT ${COLUMNS} FROM api_users WHERE company_id = $1 ORDER BY id`, [companyId])).map(answer);
  },
  async get(q, companyId, id) {
    await companyRow(q, companyId);
    return answer(await one(q, companyId, id));
  },
  async create(db, actor, companyId, sent) {
    const body = validBody(CreateBody, sent, new Problems());
    return withCompany(db, actor, companyId, async ({ q, record }) => {
      await usernameFree(q, body.username);
      const made = await createApiUser(q, companyId, body.username);
      const row = await one(q, companyId, made.id);
      await record('create', 'api-users', made.id, null, { ...answer(row), access_key: '(set)' });
      return { ...answer(row), access_key: made.access_key };
    });
  },
  async update(db, actor, companyId, id, sent) {
    const body = validBody(UpdateBody, sent, new Problems());
    return withCompany(db, actor, companyId, async ({ q, record }) => {
      const before = await one(q, companyId, id, 'FOR UPDATE');
      if (body.username !== undefined) await usernameFree(q, body.username, id);
      const [row] = await q.query<ApiUserRow>(
        `UPDATE api_users SET username = $3, active = $4, failed_logins = CASE WHEN $4 THEN 0 ELSE failed_logins END,
                locked_until = CASE WHEN $4 THEN NULL ELSE locked_until END
          WHERE company_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [companyId, id, body.username ?? before.username, body.active ?? before.active]);
      if (!row.active) await revokeTokens(q, companyId, id);
      await record('update', 'api-users', id, answer(before), answer(row));
      return answer(row);
    });
  },
  actions: {
    rotate: {
      summary: 'A new access key (answered once); every token of the old one stops working',
      run: (db, actor, companyId, id) => withCompany(db, actor, companyId, async ({ q, record }) => {
        const row = await one(q, companyId, id, 'FOR UPDATE');
        const rotated = await rotateKey(q, companyId, row.username);
        await record('rotate', 'api-users', id, { access_key: '(old)' }, { access_key: '(new)' });
        return { ...answer(row), access_key: rotated!.access_key };
      }),
    },
  },
};
