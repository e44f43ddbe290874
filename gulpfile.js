const path = require('path');
const { task, src, dest, parallel } = require('gulp');

// tsc emits only JavaScript: icons and codex files are copied beside the compiled nodes.
function copyIcons() {
	return src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}', 'icons/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

function copyCodex() {
	return src('nodes/**/*.node.json', { base: '.' }).pipe(dest(path.resolve('dist')));
}

task('build:icons', parallel(copyIcons, copyCodex));
