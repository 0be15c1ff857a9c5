import sharp from 'sharp';
import { multiForm } from './presenterFixtures';
import type { TestServer } from './testServer';

/** One file part of a 我的数字人 form. */
export type FormFile = { field: string; filename: string; content: Buffer };

/** The 我的数字人 endpoints as the tests call them, on one test server. */
export function presenterCalls(t: () => TestServer) {
  const add = async (token: string, fields: Record<string, string>, files: FormFile[]) =>
    (await t().call('POST', '/virtual/v1/virtual/add', { token, ...multiForm(fields, files) })).body;
  const list = async (token: string, isPublic: number) =>
    (
      await t().call('POST', '/virtual/v1/virtual/list', {
        token,
        body: { pageIndex: 1, pageSize: 100, isPublic },
      })
    ).body.data;
  const listMine = async (token: string) =>
    (await t().call('POST', '/virtual/v1/virtual/mine', { token, body: { pageIndex: 1, pageSize: 100 } }))
      .body.data;
  /** The presenter once its background encoding has finished (ready or failed). */
  const settled = async (token: string, id: string) => {
    for (let i = 0; i < 150; i++) {
      const found = (await listMine(token)).list.find((p: { id: string }) => p.id === id);
      if (found && found.status !== 0) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`presenter ${id} is still processing`);
  };
  const remove = async (token: string, id: string) =>
    (await t().call('POST', '/virtual/v1/virtual/delete', { token, body: { id } })).body;
  return { add, list, listMine, settled, remove };
}

/** The RGBA pixel of a picture file at (x, y). */
export async function rgbaAt(file: string, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [data[i], data[i + 1], data[i + 2], data[i + 3]];
}

/** True when every channel of `a` is within `tol` of `b`'s. */
export const near = (a: number[], b: number[], tol = 12) => b.every((v, i) => Math.abs(a[i] - v) <= tol);
