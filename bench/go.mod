module github.com/jsonheal/jsonheal/bench

go 1.26

require (
	github.com/bytedance/sonic v1.15.5
	github.com/jsonheal/jsonheal v0.0.0
	github.com/valyala/fastjson v1.6.10
)

require (
	github.com/bytedance/gopkg v0.1.3 // indirect
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/klauspost/cpuid/v2 v2.2.9 // indirect
	github.com/twitchyliquid64/golang-asm v0.15.1 // indirect
	golang.org/x/arch v0.0.0-20210923205945-b76863e36670 // indirect
	golang.org/x/sys v0.22.0 // indirect
)

require (
	github.com/RealAlexandreAI/json-repair v0.0.18 // indirect
	github.com/go-json-experiment/json v0.0.0-20251027170946-4849db3c2f7e // indirect
	github.com/kaptinlin/jsonrepair v0.2.15 // indirect
)

replace github.com/jsonheal/jsonheal => ../
