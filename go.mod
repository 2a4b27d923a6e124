module github.com/jsonheal/jsonheal

go 1.26

require (
	github.com/bytedance/sonic v1.15.5
	github.com/klauspost/compress v1.20.4
	github.com/stretchr/testify v1.12.1
	github.com/valyala/fastjson v1.6.10
)

require (
	github.com/bytedance/gopkg v0.1.3 // indirect
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/klauspost/cpuid/v2 v2.2.9 // indirect
	github.com/twitchyliquid64/golang-asm v0.15.1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/arch v0.0.0-20210923205945-b76863e36670 // indirect
	golang.org/x/sys v0.22.0 // indirect
)
