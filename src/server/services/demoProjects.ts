/*
 * The ready-made examples of /demo 示例项目, as data. Each page has a slide (a heading and a few
 * points, drawn as a title card) and the narration the presenter speaks over it. Ids refer to the
 * built-in library (assets/library) and the public voices.
 */

/** One page of an example: what the slide shows and what the presenter says (40 to 120 characters). */
export interface DemoPage {
  heading: string;
  points: string[];
  text: string;
}

/** One example project. */
export interface DemoDefinition {
  id: string;
  title: string;
  description: string;
  orientation: 1 | 2;
  presenterId: string;
  voiceId: string;
  sceneId: string;
  tags: string[];
  /** Accent colour of the slides (hex). */
  accent: string;
  pages: DemoPage[];
}

/** The examples in the order /demo shows them. */
export const DEMO_PROJECTS: readonly DemoDefinition[] = [
  {
    id: 'physics-buoyancy',
    title: '初中物理：认识浮力',
    description: '林老师在教室里用四页课件讲清浮力的来源、大小与阿基米德原理。',
    orientation: 1,
    presenterId: 'linlaoshi',
    voiceId: 'espeak-zh-female',
    sceneId: 'classroom',
    tags: ['教学课件'],
    accent: '#2f80ed',
    pages: [
      {
        heading: '认识浮力',
        points: ['木块为什么能浮在水面上？', '万吨巨轮为什么不会沉？', '本节课：浮力从哪里来、有多大'],
        text: '同学们好，我是林老师。木块能浮在水面上，万吨巨轮也能在海上航行，这背后都是浮力在起作用。今天我们就一起来认识浮力，看看它从哪里来、又有多大。',
      },
      {
        heading: '什么是浮力',
        points: ['浸在液体或气体中的物体', '受到竖直向上的托力', '实验：测力计读数变小'],
        text: '浸在液体或气体里的物体，都会受到一个竖直向上的托力，这个力就叫浮力。用弹簧测力计挂住一块石头，把它慢慢浸入水中，读数会变小，减小的部分就是浮力。',
      },
      {
        heading: '阿基米德原理',
        points: ['浮力 = 排开液体所受的重力', 'F浮 = ρ液 · g · V排', '与液体密度和排开体积有关'],
        text: '浮力有多大呢？古希腊科学家阿基米德发现，浸在液体中的物体受到的浮力，等于它排开的液体所受的重力，也就是液体密度、重力加速度和排开体积三者的乘积。',
      },
      {
        heading: '课堂小结',
        points: ['方向：竖直向上', '大小：等于排开液体的重力', '思考：轮船从江河驶入大海'],
        text: '最后来小结一下：浮力的方向总是竖直向上，大小等于物体排开液体的重力。课后请大家想一想，同一艘轮船从长江驶入大海，它会上浮一些，还是下沉一些呢？',
      },
    ],
  },
  {
    id: 'product-smart-board',
    title: '产品介绍：智能会议平板',
    description: '王经理在会议室里介绍无线投屏、智能白板和远程会议三大卖点。',
    orientation: 1,
    presenterId: 'wangjingli',
    voiceId: 'espeak-zh-male',
    sceneId: 'meeting-room',
    tags: ['产品营销'],
    accent: '#0f9d8a',
    pages: [
      {
        heading: '新一代智能会议平板',
        points: ['找不到投屏线？', '板书来不及拍照？', '远程同事听不清？'],
        text: '大家好，我是王经理。开会时找不到投屏线，白板写满了来不及拍照，远程的同事听不清发言，这些烦恼您一定遇到过。今天为您介绍我们的新一代智能会议平板。',
      },
      {
        heading: '无线投屏 · 一触即连',
        points: ['电脑、手机免装软件', '轻点一下，画面上屏', '四路画面同屏对比'],
        text: '首先是无线投屏。笔记本和手机无需安装任何软件，轻点一下就能把画面投到大屏上，最多支持四路画面同屏对比，讨论方案时再也不用来回切换。',
      },
      {
        heading: '智能白板 · 会后即得',
        points: ['低延迟书写，如纸笔般顺滑', '扫码带走整场板书', '一键分享给缺席同事'],
        text: '其次是智能白板。书写几乎没有延迟，手感就像真正的纸和笔。会议结束后扫一扫二维码，整场的板书就能带走，还能一键分享给没能到场的同事。',
      },
      {
        heading: '远程会议 · 清晰对话',
        points: ['内置 4K 广角摄像头', '八阵列麦克风，八米拾音', '预约即享免费上门演示'],
        text: '最后是远程会议。平板内置高清广角摄像头和八阵列麦克风，发言人自动对焦，八米之内都能听得清清楚楚。现在预约，即可享受免费上门演示，欢迎联系我们。',
      },
    ],
  },
  {
    id: 'short-time-management',
    title: '竖屏短视频：三分钟学会时间管理',
    description: '小美用竖屏短视频分享三个简单好用的时间管理方法，适合发布到短视频平台。',
    orientation: 2,
    presenterId: 'xiaomei',
    voiceId: 'espeak-zh-female',
    sceneId: 'warm-gradient-portrait',
    tags: ['知识短视频'],
    accent: '#f2994a',
    pages: [
      {
        heading: '三分钟学会时间管理',
        points: ['忙了一天，重要的事却没做完？', '三个方法，马上就能用'],
        text: '你是不是也总觉得时间不够用？忙了一整天，重要的事情却一件也没做完。别着急，今天小美用三分钟，教你三个简单好用的时间管理方法。',
      },
      {
        heading: '方法一：四象限法则',
        points: ['按重要、紧急分成四类', '先做重要又紧急的事', '给重要不紧急的事留大块时间'],
        text: '第一个方法是四象限法则。把待办事项按照重要和紧急分成四类，先做重要又紧急的，再把大块时间留给重要但不紧急的事，它们才是拉开差距的关键。',
      },
      {
        heading: '方法二：番茄工作法',
        points: ['专注 25 分钟', '休息 5 分钟', '四个番茄钟后长休息'],
        text: '第二个方法是番茄工作法。专注工作二十五分钟，然后休息五分钟，这就是一个番茄钟。每完成四个番茄钟，就给自己一次长一点的休息，效率会高很多。',
      },
      {
        heading: '方法三：睡前三件事',
        points: ['睡前写下明天最重要的三件事', '第二天一早先完成它们'],
        text: '第三个方法最简单：每天睡前，写下明天最重要的三件事，第二天一早先把它们完成，你会发现一整天都很从容。觉得有用的话，记得点赞收藏，我们下期见！',
      },
    ],
  },
];

/** The example with that id, or undefined. */
export function findDemo(id: string): DemoDefinition | undefined {
  return DEMO_PROJECTS.find((d) => d.id === id);
}
