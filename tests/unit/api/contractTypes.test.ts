import type { FastifyInstance } from 'fastify';
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import type { StudioApi } from '../../../src/api/studio';
import { materialUploadEndpoint } from '../../../src/api/material.contract';
import { pptUploadEndpoint } from '../../../src/api/ppt.contract';
import { sceneUploadEndpoint } from '../../../src/api/scene.contract';
import type { Envelope } from '../../../src/api/envelope';
import type { ParsedFieldsOf, RequestOf, ResponseOf, UploadFieldsOf } from '../../../src/api/endpoint';
import {
  projectListEndpoint,
  projectRenameEndpoint,
  type ProjectListData,
} from '../../../src/api/project.contract';
import { ok } from '../../../src/server/http/envelope';
import { route } from '../../../src/server/http/route';

/*
 * The contract at the type level: `npx tsc --noEmit` fails when a client body or a server answer
 * drifts from its endpoint. The functions below are type-checked, never run.
 */

// A client that sends a wrong body does not compile.
export function clientSide(http: ApiClient) {
  // @ts-expect-error projectName is required
  void http.call(projectRenameEndpoint, { projectId: 1 });
  // @ts-expect-error projectId is a number
  void http.call(projectRenameEndpoint, { projectId: '1', projectName: 'x' });
  // @ts-expect-error a multipart endpoint is sent with upload(), not call()
  void http.call(pptUploadEndpoint, {});
  // @ts-expect-error resourcesType is a field the server's schema reads
  void http.upload(materialUploadEndpoint, {}, []);
  // @ts-expect-error form fields travel as text
  void http.upload(materialUploadEndpoint, { resourcesType: 2 }, []);
  // Fields with a default on the server may be left out.
  void http.upload(sceneUploadEndpoint, {}, []);
  return http.call(projectRenameEndpoint, { projectId: 1, projectName: 'x' });
}

// A server route that answers the wrong data does not compile.
export function serverSide(app: FastifyInstance) {
  // @ts-expect-error rename answers the new revision, not a list
  route(app, projectRenameEndpoint, async () => ok({ list: [] }));
  route(app, projectRenameEndpoint, async (body) => {
    expectTypeOf(body).toEqualTypeOf<{ projectId: number; projectName: string }>();
    return ok({ revision: 2 }, '修改成功');
  });
}

describe('typed contract', () => {
  it('derives the client body and the answer from one endpoint value', () => {
    expectTypeOf<RequestOf<typeof projectListEndpoint>>().toEqualTypeOf<{
      pageIndex?: number;
      pageSize?: number;
      proKind?: number;
    }>();
    expectTypeOf<ResponseOf<typeof projectListEndpoint>>().toEqualTypeOf<Envelope<ProjectListData>>();
    expectTypeOf(clientSide).returns.resolves.toEqualTypeOf<Envelope<{ revision: number }>>();
    // A multipart endpoint's text fields: what its schema reads, each as text.
    expectTypeOf<UploadFieldsOf<typeof materialUploadEndpoint>>().toEqualTypeOf<{ resourcesType: string }>();
    expectTypeOf<ParsedFieldsOf<typeof materialUploadEndpoint>>().toEqualTypeOf<{ resourcesType: 2 | 3 }>();
    // The app's named calls are typed from the same endpoints, not restated.
    expectTypeOf<ReturnType<StudioApi['listProjects']>>().resolves.toEqualTypeOf<Envelope<ProjectListData>>();
    expectTypeOf<Parameters<StudioApi['listProjects']>[0]>().toEqualTypeOf<
      RequestOf<typeof projectListEndpoint>
    >();
  });
});
