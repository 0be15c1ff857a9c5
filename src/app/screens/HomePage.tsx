export { HomeScreen as HomePage } from './home/HomeScreen';
