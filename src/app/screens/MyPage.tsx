export { MyScreen as MyPage } from './my/MyScreen';
