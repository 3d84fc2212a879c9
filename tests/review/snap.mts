import { chromium } from 'playwright-core'
import { readFileSync } from 'node:fs'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox','--disable-gpu'] })
const svg = readFileSync('/tmp/rv/chart.svg', 'utf8')
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
await page.setContent(`<body style="margin:0"><div style="transform:scale(${process.env.S ?? 0.13});transform-origin:0 0">${svg}</div></body>`)
await page.screenshot({ path: '/tmp/rv/overview.png' })
await page.setContent(`<body style="margin:0"><div style="transform:translate(-${process.env.X ?? 3000}px,-${process.env.Y ?? 1500}px)">${svg}</div></body>`)
await page.screenshot({ path: '/tmp/rv/crop.png' })
await browser.close()
