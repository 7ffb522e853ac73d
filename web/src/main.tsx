import { render } from 'preact';
import { App } from './app';
import './style.css';
import './table.css';

render(<App />, document.getElementById('app')!);
