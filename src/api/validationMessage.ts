import type { z } from 'zod';

/*
 * What a refused request says. The contracts give most fields a Chinese message of their own; for
 * the rest (a number that is not one, a page size past its limit) the validator's English text
 * ("expected number, received NaN") would reach the user, so the issue is told in Chinese here,
 * naming the field.
 */

/** Field names a user can recognise, for the fields of the spec's forms. */
const FIELD_NAMES: Record<string, string> = {
  projectId: '项目编号',
  projectid: '项目编号',
  pageIndex: '页码',
  pageSize: '每页条数',
  pptSort: '页序号',
  pptId: 'PDF编号',
  PptId: 'PDF编号',
  original: '保存类型',
  revision: '版本号',
  sizeType: '画面方向',
  isPublic: '公开类型',
  status: '状态',
  sex: '性别',
  type: '类型',
  textureType: '贴图类型',
  textureId: '贴图编号',
  resourcesType: '素材类型',
  resourcesId: '素材编号',
  duration: '时长',
  isGlobal: '全局标记',
  kind: '类型',
  name: '名称',
  text: '文字',
  id: '编号',
  taskId: '任务编号',
  timbreId: '音色编号',
  volume: '音量',
};

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** The field an issue is about, as the user knows it. */
function fieldName(path: readonly PropertyKey[]): string {
  const key = String(path[path.length - 1] ?? '');
  if (!key) return '请求内容';
  return FIELD_NAMES[key] ? `${FIELD_NAMES[key]}（${key}）` : key;
}

/** A Chinese message for one validation issue, naming its field. */
export function validationMessage(issue: z.core.$ZodIssue): string {
  if (HAS_CHINESE.test(issue.message)) return issue.message;
  const field = fieldName(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `缺少${field}`;
      return issue.expected === 'number' || issue.expected === 'int'
        ? `${field}必须是数字`
        : `${field}格式错误`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${field}不能超过 ${issue.maximum} 个字符`
        : `${field}不能大于 ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) return `${field}不能为空`;
      return issue.origin === 'string'
        ? `${field}不能少于 ${issue.minimum} 个字符`
        : `${field}不能小于 ${issue.minimum}`;
    case 'invalid_value':
      return `${field}的取值无效`;
    case 'not_multiple_of':
      return `${field}必须是整数`;
    default:
      return `${field}格式错误`;
  }
}
