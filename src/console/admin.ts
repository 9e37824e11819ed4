/**
 * /admin/v1/companies/{id}/console-users: the console's users, administered with ADMIN_TOKEN
 * (registered inside the administration routes, behind their token check).
 */
import { Type } from '@sinclair/typebox';
import type { App } from '../platform/app';
import type { Db } from '../platform/db';
import { createConsoleUser, deleteConsoleUser, listConsoleUsers, MIN_PASSWORD, ROLES, setConsolePassword } from './accounts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Params = Type.Object({ id: Id });
const UserParams = Type.Object({ id: Id, userId: Id });
const UserAnswer = Type.Object({ id: Type.Integer(), email: Type.String(), role: Type.String({ enum: [...ROLES] }), created: Type.String({ format: 'date-time' }) });
const Password = Type.String({ minLength: MIN_PASSWORD, maxLength: 200, description: `At least ${MIN_PASSWORD} characters; kept only as a scrypt hash` });
// Documented shapes; the functions check the bodies themselves (one answer with every problem).
const CreateBody = Type.Unsafe<unknown>(Type.Object({ email: Type.String({ format: 'email' }), password: Password, role: Type.String({ enum: [...ROLES] }) }));
const PasswordBody = Type.Unsafe<unknown>(Type.Object({ password: Password }));

export function consoleUserRoutes(app: App, db: Db): void {
  const tags = ['admin'];
  const base = '/companies/:id/console-users';
  app.post(base, { schema: { tags, summary: 'Create a console user (roles owner, accountant, viewer) of the operator console at /app', params: Params, body: CreateBody, response: { 201: UserAnswer } }, attachValidation: true },
    async (req, reply) => { reply.status(201); return createConsoleUser(db, req.params.id, req.body); });
  app.get(base, { schema: { tags, summary: 'List the console users (never their passwords)', params: Params, response: { 200: Type.Array(UserAnswer) } } },
    async (req) => listConsoleUsers(db, req.params.id));
  app.delete(`${base}/:userId`, { schema: { tags, summary: 'Delete a console user; its sessions end', params: UserParams, response: { 200: Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) }) } } },
    async (req) => deleteConsoleUser(db, req.params.id, req.params.userId));
  app.post(`${base}/:userId/password`, { schema: { tags, summary: 'Set a console user\'s password; its sessions end', params: UserParams, body: PasswordBody, response: { 200: UserAnswer } }, attachValidation: true },
    async (req) => setConsolePassword(db, req.params.id, req.params.userId, req.body));
}
