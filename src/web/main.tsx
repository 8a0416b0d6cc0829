import '@primer/primitives/dist/css/base/size/size.css';
import '@primer/primitives/dist/css/base/typography/typography.css';
import '@primer/primitives/dist/css/base/motion/motion.css';
import '@primer/primitives/dist/css/functional/size/border.css';
import '@primer/primitives/dist/css/functional/size/radius.css';
import '@primer/primitives/dist/css/functional/spacing/space.css';
import '@primer/primitives/dist/css/functional/motion/motion.css';
import '@primer/primitives/dist/css/functional/size/size.css';
import '@primer/primitives/dist/css/functional/typography/typography.css';
import '@primer/primitives/dist/css/functional/themes/light.css';
import './styles/app.css';
import { startEarlyRequests } from './earlyRequests';

// The page's first requests go out while the app's scripts load; the app takes their answers.
startEarlyRequests(window.location, () => import('./features/diffs/DiffsApp'));
void import('./app').then(({ renderApp }) => renderApp());
