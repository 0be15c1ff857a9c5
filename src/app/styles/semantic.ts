// Semantic UI components used by the app. semantic.min.css (and site.css) start with a remote Google
// Fonts @import; nothing may load from the internet, so the components are imported one by one and
// the base typography lives in app.css with a system Chinese font stack.
import 'semantic-ui-css/components/reset.min.css';
import 'semantic-ui-css/components/button.min.css';
import 'semantic-ui-css/components/dimmer.min.css';
import 'semantic-ui-css/components/divider.min.css';
import 'semantic-ui-css/components/dropdown.min.css';
import 'semantic-ui-css/components/form.min.css';
import 'semantic-ui-css/components/header.min.css';
import 'semantic-ui-css/components/icon.min.css';
import 'semantic-ui-css/components/image.min.css';
import 'semantic-ui-css/components/input.min.css';
import 'semantic-ui-css/components/label.min.css';
import 'semantic-ui-css/components/loader.min.css';
import 'semantic-ui-css/components/menu.min.css';
import 'semantic-ui-css/components/message.min.css';
import 'semantic-ui-css/components/modal.min.css';
import 'semantic-ui-css/components/progress.min.css';
import 'semantic-ui-css/components/segment.min.css';
import 'semantic-ui-css/components/transition.min.css';
