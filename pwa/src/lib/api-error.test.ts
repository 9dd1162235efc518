import type { ClientResponse } from 'hono/client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { answerOf, ApiRequestError, type AnswerOf } from './api-error.ts';
import type { api } from './http.ts';

type Created = ClientResponse<{ id: string }, 201, 'json'>;
type Refused = ClientResponse<{ error: string; message: string }, 409, 'json'>;
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status }) as unknown as Created | Refused;

describe('answerOf', () => {
  it("types an answer from the server's route: the success body, never an error body nor the caller's guess", () => {
    expectTypeOf<AnswerOf<Created | Refused>>().toEqualTypeOf<{ id: string }>();
    type Upload = AnswerOf<Awaited<ReturnType<typeof api.uploads.$post>>>;
    expectTypeOf<Upload>().toEqualTypeOf<{ url: string }>();
  });

  it("reads a success, and throws the server's error (status, message) otherwise", async () => {
    await expect(answerOf(answer(201, { id: 'a' }))).resolves.toEqual({ id: 'a' });
    const error = await answerOf(answer(409, { error: 'conflict', message: 'This application has already been paid.' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 409, message: 'This application has already been paid.' });
  });
});
